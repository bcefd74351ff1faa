#include "CLifetrace.h"

#include <sched.h>
#include <stdint.h>
#include <time.h>
#ifdef __linux__
#include <sys/random.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#else
#include <pthread.h>
#include <stdlib.h>
#endif

int lifetrace_activity = 0;
const struct lifetrace_gate *lifetrace_global_gate = 0;

int lifetrace_activity_add(int delta) {
    return __atomic_add_fetch(&lifetrace_activity, delta, __ATOMIC_ACQ_REL);
}

void lifetrace_activity_set_global(int installed) {
    if (installed) {
        __atomic_fetch_or(&lifetrace_activity, 1, __ATOMIC_RELEASE);
    } else {
        __atomic_fetch_and(&lifetrace_activity, ~1, __ATOMIC_RELEASE);
    }
}

void *lifetrace_global_box = 0;

void lifetrace_set_global_box(void *box) {
    __atomic_store_n(&lifetrace_global_box, box, __ATOMIC_RELEASE);
}

void lifetrace_set_global_gate(const struct lifetrace_gate *gate) {
    __atomic_store_n(&lifetrace_global_gate, gate, __ATOMIC_RELEASE);
}

/* The last sequence number taken from the process counter. */
static unsigned long long lifetrace_seq = 0;
/* How many numbers a thread takes at a time: few enough that a short-lived thread wastes little. */
#define LIFETRACE_SEQ_BLOCK 256ULL

_Thread_local unsigned long long lifetrace_thread_seq_next = 0;
_Thread_local unsigned long long lifetrace_thread_seq_end = 0;

unsigned long long lifetrace_thread_seq_refill(void) {
    unsigned long long first = __atomic_add_fetch(&lifetrace_seq, LIFETRACE_SEQ_BLOCK, __ATOMIC_RELAXED) - LIFETRACE_SEQ_BLOCK + 1;
    lifetrace_thread_seq_next = first + 1;
    lifetrace_thread_seq_end = first + LIFETRACE_SEQ_BLOCK;
    return first;
}

unsigned long long lifetrace_process_seq(void) {
    /* The thread's block predates this number: drop its rest, so the thread's numbers keep increasing. */
    lifetrace_thread_seq_next = lifetrace_thread_seq_end;
    return __atomic_add_fetch(&lifetrace_seq, 1, __ATOMIC_RELAXED);
}

_Thread_local unsigned long long lifetrace_thread_random_state = 0;

unsigned long long lifetrace_thread_random_seed(void) {
    unsigned long long seed = 0;
#ifdef __linux__
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) seed = 0;
#else
    arc4random_buf(&seed, sizeof seed);
#endif
    if (seed == 0) seed = (unsigned long long)time(NULL) * 0x9E3779B97F4A7C15ULL ^ (unsigned long long)(uintptr_t)&seed;
    if (seed == 0) seed = 1;
    lifetrace_thread_random_state = seed;
    return seed;
}

_Thread_local unsigned lifetrace_thread_tid = 0;

unsigned lifetrace_thread_tid_lookup(void) {
#ifdef __linux__
    unsigned tid = (unsigned)syscall(SYS_gettid);
#else
    uint64_t id = 0;
    pthread_threadid_np(0, &id);
    unsigned tid = (unsigned)id;
#endif
    lifetrace_thread_tid = tid;
    return tid;
}

unsigned long long lifetrace_literal_slots[LIFETRACE_LITERAL_SLOTS];

int lifetrace_emission_word = 0;
unsigned lifetrace_emission_owner = 0;

/* A pause between two looks at a lock another core holds. */
static inline void lifetrace_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Sleeps while the word is 2 (a lock held with sleepers); returns at once otherwise. */
static void lifetrace_emission_sleep(void) {
#ifdef __linux__
    syscall(SYS_futex, &lifetrace_emission_word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
#else
    sched_yield();
#endif
}

void lifetrace_emission_wake(void) {
#ifdef __linux__
    syscall(SYS_futex, &lifetrace_emission_word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#endif
}

int lifetrace_emission_lock_contended(unsigned thread) {
    if (__atomic_load_n(&lifetrace_emission_owner, __ATOMIC_RELAXED) == thread) return 0;
    /* The holder is usually on another core for a few hundred instructions: spin a little first. */
    for (int spin = 0; spin < 64; spin++) {
        int expected = 0;
        if (__atomic_load_n(&lifetrace_emission_word, __ATOMIC_RELAXED) == 0
            && __atomic_compare_exchange_n(&lifetrace_emission_word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            return 1;
        }
        lifetrace_spin_pause();
    }
    /* Then give the core away a while, trying between turns: with more emitting threads than cores,
     * the holder may be a thread the scheduler preempted, which a yield lets run; and a lock given
     * back to no sleeper costs its holder no system call. */
    for (int turn = 0; turn < 256; turn++) {
        sched_yield();
        int expected = 0;
        if (__atomic_load_n(&lifetrace_emission_word, __ATOMIC_RELAXED) == 0
            && __atomic_compare_exchange_n(&lifetrace_emission_word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            return 1;
        }
    }
    /* Then sleep (a holder that waits on its output, the signal flusher that keeps the lock), marking
     * the word 2 so the holder wakes a sleeper when it gives the lock back. Whoever finds the word 0
     * takes it: a woken sleeper competes with running threads. */
    while (__atomic_exchange_n(&lifetrace_emission_word, 2, __ATOMIC_ACQUIRE) != 0) lifetrace_emission_sleep();
    return 1;
}

int lifetrace_emission_lock_within(unsigned milliseconds, unsigned thread) {
    if (__atomic_load_n(&lifetrace_emission_owner, __ATOMIC_RELAXED) == thread) return 0;
    struct timespec pause = {0, 1000000L};
    for (unsigned waited = 0;; waited++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&lifetrace_emission_word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            __atomic_store_n(&lifetrace_emission_owner, thread, __ATOMIC_RELAXED);
            return 1;
        }
        if (waited >= milliseconds) return 0;
        nanosleep(&pause, NULL);
    }
}
