#define _GNU_SOURCE
#include "CLifetrace.h"

#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/random.h>
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

/* A mutex that spins briefly, then sleeps, and is taken by whichever thread asks first once it is
 * free (glibc's adaptive kind): no handoff to a waiter that is not running. */
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
static pthread_mutex_t lifetrace_emission_mutex = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;
#else
static pthread_mutex_t lifetrace_emission_mutex = PTHREAD_MUTEX_INITIALIZER;
#endif

void lifetrace_emission_lock(void) { pthread_mutex_lock(&lifetrace_emission_mutex); }

void lifetrace_emission_unlock(void) { pthread_mutex_unlock(&lifetrace_emission_mutex); }

int lifetrace_emission_lock_within(unsigned milliseconds) {
#ifdef __linux__
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += milliseconds / 1000;
    deadline.tv_nsec += (long)(milliseconds % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    return pthread_mutex_timedlock(&lifetrace_emission_mutex, &deadline) == 0;
#else
    for (unsigned waited = 0; waited <= milliseconds; waited++) {
        if (pthread_mutex_trylock(&lifetrace_emission_mutex) == 0) return 1;
        usleep(1000);
    }
    return 0;
#endif
}

_Thread_local int lifetrace_thread_emitting = 0;
_Thread_local unsigned lifetrace_thread_deferred_count = 0;
_Thread_local void *lifetrace_thread_deferred[LIFETRACE_DEFERRED_WRITES];
