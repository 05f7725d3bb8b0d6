/* gnubg's hand-written C move generator, timed in C: no Python or ctypes between its calls.
 * benches/backgammon_vs_gnubg.py, section (e), compiles this file into a shared object with the
 * system's C compiler and calls `time_passes` once, through ctypes, with the address of
 * GenerateMoves in the gnubg library it has loaded (so that gnubg's library keeps the Python
 * symbols it needs). */
#include <time.h>

/* gnubg's `movelist` (eval.h); GenerateMoves points amMoves at its own static array. */
typedef struct {
    int cMoves, cMaxMoves, cMaxPips, iMoveBest;
    float rBestScore;
    void *amMoves;
} movelist;

typedef unsigned int TanBoard[2][25];
typedef int (*generate_fn)(movelist *, const TanBoard, int, int, int);

/* One position: gnubg's TanBoard (the side not on roll, then the side on roll) and the dice. */
typedef struct {
    TanBoard board;
    int dice[2];
} record;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* The seconds of one pass of `generate` over the `n` boards (the mean of `passes` passes, after
 * one pass to warm up); the moves that pass listed in `*total`. */
double time_passes(generate_fn generate, const record *boards, long n, int passes, long *total) {
    movelist ml = {0};
    *total = 0;
    for (long i = 0; i < n; i++) {
        generate(&ml, (const unsigned int(*)[25])boards[i].board, boards[i].dice[0],
                 boards[i].dice[1], 0);
        *total += ml.cMoves;
    }
    volatile long sink = 0;
    double t0 = now();
    for (int p = 0; p < passes; p++)
        for (long i = 0; i < n; i++)
            sink += generate(&ml, (const unsigned int(*)[25])boards[i].board, boards[i].dice[0],
                             boards[i].dice[1], 0);
    return (now() - t0) / passes;
}
