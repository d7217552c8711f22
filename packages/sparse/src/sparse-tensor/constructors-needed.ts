/**
 * What the code that needs `SparseTensor`'s constructors says before any entry installed them
 * (see construction-hook.ts): which entries install them, and the import that does.
 */
export const CONSTRUCTORS_NEEDED =
  "the constructors that '@tilekit/sparse' and TfSparseTensor install; import SparseTensor from '@tilekit/sparse'";
