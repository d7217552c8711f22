export const COMBINE_DIMENSION = -1;
