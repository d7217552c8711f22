/*
 * Native reference for the relayout benchmark: what optimised C reaches on this machine for the
 * same job as relayout f32[2048,2048] -> {1,0:T(8,128)}, next to its own memcpy floor, in the
 * three loop orders tried: tiles in physical order, logical rows in order (the order tilekit's
 * walk uses), and each band of 8 rows gathered into a cache-resident scratch block that one
 * large memcpy then stores. All copies go into the same (already mapped) destination, so none
 * pays page faults. Prints one JSON object: median milliseconds of each, over interleaved rounds.
 *
 * Build: cc -O2 -o tiled_copy tiled_copy.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 2048
#define TILE_ROWS 8
#define TILE_COLS 128
#define TILES_PER_ROW (N / TILE_COLS)
#define BAND (TILE_ROWS * N) /* elements in one band of tile rows, contiguous on both sides */
#define ROW_BYTES (TILE_COLS * sizeof(float))
#define ROUNDS 41

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Physical offset of logical (row, tile column t) in {1,0:T(8,128)}: tiles row-major, each
 * tile's rows back to back. */
static size_t tile_row_offset(int row, int t) {
  return (size_t)(row / TILE_ROWS) * BAND + (size_t)t * TILE_ROWS * TILE_COLS +
         (size_t)(row % TILE_ROWS) * TILE_COLS;
}

static void plain_memcpy(float *physical, const float *logical) {
  memcpy(physical, logical, (size_t)N * N * sizeof(float));
}

/* Writes the output front to back: reads hop between the 8 rows of a band. */
static void tiles_in_order(float *physical, const float *logical) {
  for (int band = 0; band < N / TILE_ROWS; band++)
    for (int t = 0; t < TILES_PER_ROW; t++)
      for (int r = 0; r < TILE_ROWS; r++) {
        int row = band * TILE_ROWS + r;
        memcpy(physical + tile_row_offset(row, t), logical + (size_t)row * N + t * TILE_COLS,
               ROW_BYTES);
      }
}

/* Reads the input front to back: writes hop between the 16 tiles of a band. */
static void rows_in_order(float *physical, const float *logical) {
  for (int row = 0; row < N; row++)
    for (int t = 0; t < TILES_PER_ROW; t++)
      memcpy(physical + tile_row_offset(row, t), logical + (size_t)row * N + t * TILE_COLS,
             ROW_BYTES);
}

/* Rows in order into a 64 KiB scratch band, then one memcpy per band into the output. */
static float scratch[BAND];
static void bands_via_scratch(float *physical, const float *logical) {
  for (int band = 0; band < N / TILE_ROWS; band++) {
    for (int r = 0; r < TILE_ROWS; r++)
      for (int t = 0; t < TILES_PER_ROW; t++)
        memcpy(scratch + tile_row_offset(r, t), logical + (size_t)(band * TILE_ROWS + r) * N +
                                                    t * TILE_COLS,
               ROW_BYTES);
    memcpy(physical + (size_t)band * BAND, scratch, sizeof scratch);
  }
}

typedef void (*copy_fn)(float *, const float *);
static const struct {
  const char *name;
  copy_fn fn;
} FORMS[] = {{"memcpyMs", plain_memcpy},
             {"tilesInOrderMs", tiles_in_order},
             {"rowsInOrderMs", rows_in_order},
             {"bandsViaScratchMs", bands_via_scratch}};
#define FORM_COUNT (sizeof FORMS / sizeof FORMS[0])

int main(void) {
  float *logical = malloc((size_t)N * N * sizeof(float));
  float *physical = malloc((size_t)N * N * sizeof(float));
  if (!logical || !physical) return 1;
  for (size_t i = 0; i < (size_t)N * N; i++) logical[i] = (float)(i % 1000) * 0.25f;
  memset(physical, 0, (size_t)N * N * sizeof(float));
  static double ms[FORM_COUNT][ROUNDS];
  for (int k = 0; k < ROUNDS; k++)
    for (size_t f = 0; f < FORM_COUNT; f++) {
      memset(physical, 0xff, sizeof(float)); /* the check below must see this round's copy */
      double t0 = now_ms();
      FORMS[f].fn(physical, logical);
      ms[f][k] = now_ms() - t0;
      /* Every tiled form must have produced the tiled layout: check one element of each kind
       * of position (next row of a tile, next tile of a band, next band). */
      if (f > 0 && (physical[0] != logical[0] || physical[TILE_COLS] != logical[N] ||
                    physical[TILE_ROWS * TILE_COLS] != logical[TILE_COLS] ||
                    physical[BAND] != logical[(size_t)TILE_ROWS * N]))
        return 2;
    }
  printf("{");
  for (size_t f = 0; f < FORM_COUNT; f++) {
    qsort(ms[f], ROUNDS, sizeof(double), by_value);
    printf("%s\"%s\": %.4f", f ? ", " : "", FORMS[f].name, ms[f][ROUNDS / 2]);
  }
  printf("}\n");
  return 0;
}
