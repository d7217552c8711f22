/*
 * Native reference for the relayout benchmark: what optimised C reaches on this machine for the
 * same job as relayout f32[2048,2048] -> {1,0:T(8,128)}, next to its own memcpy floor.
 * Both copies go into the same (already mapped) destination, so neither pays page faults.
 * Prints one JSON object: median milliseconds of each, over interleaved rounds.
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

/* Physical order of {1,0:T(8,128)}: tiles row-major, each tile's rows back to back. */
static void tiled_copy(float *physical, const float *logical) {
  float *out = physical;
  for (int band = 0; band < N / TILE_ROWS; band++)
    for (int tile = 0; tile < N / TILE_COLS; tile++)
      for (int r = 0; r < TILE_ROWS; r++) {
        memcpy(out, logical + (size_t)(band * TILE_ROWS + r) * N + tile * TILE_COLS,
               TILE_COLS * sizeof(float));
        out += TILE_COLS;
      }
}

int main(void) {
  float *logical = malloc((size_t)N * N * sizeof(float));
  float *physical = malloc((size_t)N * N * sizeof(float));
  if (!logical || !physical) return 1;
  for (size_t i = 0; i < (size_t)N * N; i++) logical[i] = (float)(i % 1000) * 0.25f;
  memset(physical, 0, (size_t)N * N * sizeof(float));
  double memcpy_ms[ROUNDS], tiled_ms[ROUNDS];
  for (int k = 0; k < ROUNDS; k++) {
    double t0 = now_ms();
    memcpy(physical, logical, (size_t)N * N * sizeof(float));
    double t1 = now_ms();
    tiled_copy(physical, logical);
    double t2 = now_ms();
    memcpy_ms[k] = t1 - t0;
    tiled_ms[k] = t2 - t1;
  }
  /* The last copy must be the tiled one: check one element of each kind of position. */
  if (physical[TILE_COLS] != logical[N] || physical[TILE_ROWS * TILE_COLS] != logical[TILE_COLS])
    return 2;
  qsort(memcpy_ms, ROUNDS, sizeof(double), by_value);
  qsort(tiled_ms, ROUNDS, sizeof(double), by_value);
  printf("{\"memcpyMs\": %.4f, \"tiledCopyMs\": %.4f}\n", memcpy_ms[ROUNDS / 2],
         tiled_ms[ROUNDS / 2]);
  return 0;
}
