// A timing harness for OMPEval (github.com/zekyll/OMPEval), compiled by `experiments/eval52.py
// --ompeval DIR` against the user's checkout DIR of that repository (nothing of it is kept in ours)
// and loaded with ctypes, so that OMPEval and kernels.eval52 evaluate the same hands in one process.
//
// The loop is OMPEval's own "random order evaluation (card arrays)" (its benchmark.cpp): each hand
// built from Hand::empty() and its seven cards, then HandEvaluator::evaluate; here each value is
// written to `out`, as kernels.eval52.values_into_nb writes its values.

#include "omp/HandEvaluator.h"

#include <chrono>
#include <cstdint>
#include <ctime>
#include <thread>
#include <vector>

namespace {

const omp::HandEvaluator& evaluator()
{
    static const omp::HandEvaluator instance;  // builds OMPEval's tables once
    return instance;
}

void evaluate_rows(const uint8_t* cards, int64_t begin, int64_t end, uint16_t* out)
{
    const omp::HandEvaluator& eval = evaluator();
    for (int64_t i = begin; i < end; ++i) {
        const uint8_t* c = cards + 7 * i;
        omp::Hand h = omp::Hand::empty();
        h += c[0];
        h += c[1];
        h += c[2];
        h += c[3];
        h += c[4];
        h += c[5];
        h += c[6];
        out[i] = eval.evaluate(h);
    }
}

}  // namespace

extern "C" {

// Builds OMPEval's tables (call once before timing).
void ompeval_init()
{
    evaluator();
}

// Writes into out[i] (uint16, larger is better) OMPEval's value of the seven cards
// cards[7 i .. 7 i + 6] (uint8, card = 4 * rank + suit, rank 0 = deuce), i < n, on `threads`
// threads each taking a contiguous share of the rows. Returns the wall seconds of the loop and
// writes its CPU seconds (the calling thread's on one thread, the process's on more) to *cpu.
double ompeval_values(const uint8_t* cards, int64_t n, uint16_t* out, int threads, double* cpu)
{
    evaluator();
    const clockid_t clock = threads <= 1 ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID;
    timespec c0, c1;
    clock_gettime(clock, &c0);
    auto t0 = std::chrono::steady_clock::now();
    if (threads <= 1) {
        evaluate_rows(cards, 0, n, out);
    } else {
        std::vector<std::thread> pool;
        for (int k = 0; k < threads; ++k)
            pool.emplace_back(evaluate_rows, cards, n * k / threads, n * (k + 1) / threads, out);
        for (auto& t : pool)
            t.join();
    }
    auto t1 = std::chrono::steady_clock::now();
    clock_gettime(clock, &c1);
    *cpu = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
    return std::chrono::duration<double>(t1 - t0).count();
}

}  // extern "C"
