/*
 * The hot-path state of Lifetrace's core, in C so that Swift reads it with one inlined load: the
 * activity word (is any sink installed?) and the optional hook gate of the global sink (which
 * hooks does it want now?). Everything else of the core is Swift.
 */
#ifndef CLIFETRACE_H
#define CLIFETRACE_H

#ifdef __cplusplus
extern "C" {
#endif

/** Which hooks a sink wants: a table of pointers to per-slot states (non-zero: wanted), as an
 *  LTTng provider has. Slot = hook code * 3 + phase (0 begin, 1 end, 2 instant); codes at or past
 *  `hook_count` use `custom_base` + phase. */
struct lifetrace_gate {
    const int *const *states;
    unsigned slot_count;
    unsigned hook_count;
    unsigned custom_base;
    /** The states of the `log` hook's seven levels (swift-log's order, trace … critical), or NULL:
     *  a sink whose log records each have a state per level (LTTng's `lifetrace:log_*`). */
    const int *const *log_states;
};

/** Bit 0: a global sink is installed. Bits 1…: twice the number of task-scoped sinks in use. */
extern int lifetrace_activity;
/** The gate of the global sink, or NULL (wants everything). */
extern const struct lifetrace_gate *lifetrace_global_gate;

/** The global sink's box (a retained Swift object, never released), or NULL. */
extern void *lifetrace_global_box;

/** The global sink's box (acquire). */
static inline void *lifetrace_global_box_value(void) {
    return __atomic_load_n(&lifetrace_global_box, __ATOMIC_ACQUIRE);
}

/** Publishes the global sink's box. */
void lifetrace_set_global_box(void *box);

/** The activity word, for the slow path (acquire). */
static inline int lifetrace_activity_value(void) {
    return __atomic_load_n(&lifetrace_activity, __ATOMIC_ACQUIRE);
}

/** Whether any sink is installed. */
static inline int lifetrace_is_active(void) {
    return __atomic_load_n(&lifetrace_activity, __ATOMIC_RELAXED) != 0;
}

static inline int lifetrace_gate_allows(const struct lifetrace_gate *gate, unsigned slot) {
    return slot >= gate->slot_count || __atomic_load_n(gate->states[slot], __ATOMIC_RELAXED) != 0;
}

static inline unsigned lifetrace_gate_base(const struct lifetrace_gate *gate, unsigned code) {
    return code < gate->hook_count ? code * 3 : gate->custom_base;
}

/** Whether a sink would take the begin or the end of an interval of the hook with `code` now. */
static inline int lifetrace_wants_interval(unsigned code) {
    int activity = __atomic_load_n(&lifetrace_activity, __ATOMIC_RELAXED);
    if (activity != 1) return activity != 0;
    const struct lifetrace_gate *gate = __atomic_load_n(&lifetrace_global_gate, __ATOMIC_ACQUIRE);
    if (!gate) return 1;
    unsigned base = lifetrace_gate_base(gate, code);
    return lifetrace_gate_allows(gate, base) || lifetrace_gate_allows(gate, base + 1);
}

/** Whether a sink would take an instant of the hook with `code` now. */
static inline int lifetrace_wants_instant(unsigned code) {
    int activity = __atomic_load_n(&lifetrace_activity, __ATOMIC_RELAXED);
    if (activity != 1) return activity != 0;
    const struct lifetrace_gate *gate = __atomic_load_n(&lifetrace_global_gate, __ATOMIC_ACQUIRE);
    if (!gate) return 1;
    return lifetrace_gate_allows(gate, lifetrace_gate_base(gate, code) + 2);
}

/**
 * The lowest swift-log level (0 trace … 6 critical) at or above `configured` that a sink would take
 * a record of now, 6 when none would (a record at 6 is then still checked by its handler): what a
 * log handler reports as its level, so that swift-log skips a record nothing takes before building it.
 * `configured` when any sink takes records whatever their level (or a task has a sink of its own).
 */
static inline unsigned lifetrace_log_level_floor(unsigned configured, unsigned code) {
    int activity = __atomic_load_n(&lifetrace_activity, __ATOMIC_RELAXED);
    if (activity != 1) return activity != 0 ? configured : 6;
    const struct lifetrace_gate *gate = __atomic_load_n(&lifetrace_global_gate, __ATOMIC_ACQUIRE);
    if (!gate) return configured;
    const int *const *levels = gate->log_states;
    if (!levels) return lifetrace_gate_allows(gate, lifetrace_gate_base(gate, code) + 2) ? configured : 6;
    for (unsigned level = configured; level < 6; level++) {
        if (__atomic_load_n(levels[level], __ATOMIC_RELAXED) != 0) return level;
    }
    return 6;
}

/** The next sequence number a thread hands out, and the end of its block (exclusive). */
/* Codes of string-literal hooks already looked up, keyed by the literal's address: each slot holds
 * `address << 16 | code` in one word, so a reader sees a whole pair or none (a slot is only ever
 * overwritten with another whole pair). Addresses fit 47 bits, codes 16 (others are not cached). */
enum { LIFETRACE_LITERAL_SLOTS = 256 };
extern unsigned long long lifetrace_literal_slots[LIFETRACE_LITERAL_SLOTS];

static inline unsigned lifetrace_literal_slot(unsigned long long address) {
    return (unsigned)((address >> 3) ^ (address >> 11)) & (LIFETRACE_LITERAL_SLOTS - 1);
}

/* The cached code of the literal at `address`, or -1. */
static inline long lifetrace_literal_code(unsigned long long address) {
    unsigned long long entry = __atomic_load_n(&lifetrace_literal_slots[lifetrace_literal_slot(address)], __ATOMIC_RELAXED);
    return entry != 0 && entry >> 16 == address ? (long)(entry & 0xFFFF) : -1;
}

static inline void lifetrace_literal_remember(unsigned long long address, unsigned code) {
    if (code >= 0xFFFF || address >= (1ULL << 47)) return;
    __atomic_store_n(&lifetrace_literal_slots[lifetrace_literal_slot(address)], address << 16 | code, __ATOMIC_RELAXED);
}

extern _Thread_local unsigned long long lifetrace_thread_seq_next;
extern _Thread_local unsigned long long lifetrace_thread_seq_end;

/** Takes a new block of sequence numbers for this thread; returns the first. */
unsigned long long lifetrace_thread_seq_refill(void);

/** A sequence number unique in the process and increasing on this thread, without an atomic
 *  operation: threads take blocks of numbers from the process counter. */
static inline unsigned long long lifetrace_thread_seq(void) {
    unsigned long long seq = lifetrace_thread_seq_next;
    if (__builtin_expect(seq == lifetrace_thread_seq_end, 0)) return lifetrace_thread_seq_refill();
    lifetrace_thread_seq_next = seq + 1;
    return seq;
}

extern _Thread_local unsigned long long lifetrace_thread_random_state;

/** Seeds the calling thread's random state from the system's generator (never 0); returns it. */
unsigned long long lifetrace_thread_random_seed(void);

/** The next number of the calling thread's SplitMix64 sequence (Steele, Lea & Flood 2014): no
 *  system call and no shared state per number; seeded once per thread from the system's generator.
 *  Unique and unpredictable enough for trace and span ids (W3C Trace Context), not secret. */
static inline unsigned long long lifetrace_thread_random(void) {
    unsigned long long state = lifetrace_thread_random_state;
    if (__builtin_expect(state == 0, 0)) state = lifetrace_thread_random_seed();
    state += 0x9E3779B97F4A7C15ULL;
    lifetrace_thread_random_state = state;
    unsigned long long z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/** The calling thread's kernel id (LTTng's `vtid`), once looked up. */
extern _Thread_local unsigned lifetrace_thread_tid;

/** Looks up and keeps the calling thread's kernel id. */
unsigned lifetrace_thread_tid_lookup(void);

/** The calling thread's kernel id: a thread-local load once known, a system call the first time. */
static inline unsigned lifetrace_thread_id(void) {
    unsigned tid = lifetrace_thread_tid;
    return __builtin_expect(tid != 0, 1) ? tid : lifetrace_thread_tid_lookup();
}

/** A sequence number from the process counter itself (for callers that order events by a lock);
 *  ends the calling thread's block, so numbers stay increasing on each thread whatever path takes them. */
unsigned long long lifetrace_process_seq(void);

/* The emission lock: held while an event bound for a sink that is not a tracer is numbered,
 * timestamped and handed to the sink (Dispatch.emitLocked), so events reach every sink whole and in
 * `seq` order. Its word is 0 when free, 1 when held, 2 when held with sleepers. A thread that finds it
 * free takes it, whoever sleeps (no handoff): with more emitting threads than cores, a lock that
 * hands itself to a sleeping waiter moves them in a convoy, each event waiting for a thread to be
 * scheduled. Taking and giving it back are one atomic instruction each when uncontended. */
extern int lifetrace_emission_word;
/** The kernel id of the thread that holds the emission lock (0: none); set after it is taken and
 *  cleared before it is given back, so a thread that finds its own id holds it already. */
extern unsigned lifetrace_emission_owner;
/** The contended path of `lifetrace_emission_enter`: 0 when the calling thread holds the lock
 *  already (a sink emitting from its emit), else 1 once taken (spinning briefly, then yielding
 *  its core a while, then sleeping). */
int lifetrace_emission_lock_contended(unsigned thread);
/** Wakes one sleeper of the emission lock. */
void lifetrace_emission_wake(void);
/** Takes the emission lock within `milliseconds`; returns 1 when taken. For the signal flusher,
 *  which stops emission for good before it writes every output out, and keeps the lock. */
int lifetrace_emission_lock_within(unsigned milliseconds, unsigned thread);

/** Takes the emission lock for `thread` (the caller's kernel id); returns 0 without it when the
 *  calling thread holds it already. */
static inline int lifetrace_emission_enter(unsigned thread) {
    int expected = 0;
    if (__builtin_expect(!__atomic_compare_exchange_n(&lifetrace_emission_word, &expected, 1, 0, __ATOMIC_ACQUIRE,
                             __ATOMIC_RELAXED),
            0)) {
        if (!lifetrace_emission_lock_contended(thread)) return 0;
    }
    __atomic_store_n(&lifetrace_emission_owner, thread, __ATOMIC_RELAXED);
    return 1;
}

/** Gives the emission lock back. */
static inline void lifetrace_emission_exit(void) {
    __atomic_store_n(&lifetrace_emission_owner, 0, __ATOMIC_RELAXED);
    if (__builtin_expect(__atomic_exchange_n(&lifetrace_emission_word, 0, __ATOMIC_RELEASE) != 1, 0)) {
        lifetrace_emission_wake();
    }
}

/** Adds `delta` to the activity word; returns the new value. */
int lifetrace_activity_add(int delta);
/** Sets or clears bit 0 of the activity word. */
void lifetrace_activity_set_global(int installed);
/** Publishes the global sink's gate (NULL for none). The gate must stay valid for ever. */
void lifetrace_set_global_gate(const struct lifetrace_gate *gate);

#ifdef __cplusplus
}
#endif

#endif /* CLIFETRACE_H */
