/*
 * Tells ThreadSanitizer what Synchronization.Mutex's slow paths do, so the core's locked state is
 * not reported as racing.
 *
 * Swift 6.3's Mutex on Linux is a priority-inheritance futex. `withLock` inlines into our code an
 * atomic compare-exchange (0 -> thread id, acquiring) to lock and one (thread id -> 0, releasing)
 * to unlock; TSan sees those. When the lock is contended both fall back to functions of
 * libswiftSynchronization.so, which is not instrumented: `_lockSlow` spins and then sleeps in
 * FUTEX_LOCK_PI, `_unlockSlow` calls FUTEX_UNLOCK_PI, and the kernel hands the lock (it writes the
 * new owner's id into the word) straight to a waiter. The waiter then runs its critical section
 * with no acquire TSan could pair with the previous owner's release, and every access there is
 * reported as a data race ("Swift access race" on the Mutex's value, or a race on what it points
 * to) whenever two threads contended for the lock: a false positive of the toolchain, not a race.
 *
 * The test bundle defines both slow paths itself. Calls from instrumented code (ours and the
 * tests', where `_lock`/`_unlock` are inlined) bind to these definitions, which call the
 * library's with dlsym(RTLD_NEXT) and add what TSan misses: a release of the Mutex's address
 * before the unlocking thread gives the lock away, an acquire after the locking thread got it.
 * The fast paths already synchronize on that same address, so every hand-over of the lock is now
 * an edge TSan knows, and a report left is a race in our code. (Swift passes the Mutex, `self`, in
 * the swiftself register: clang's swiftcall with a swift_context parameter.)
 *
 * Only in a ThreadSanitizer build (tools/tsan builds with `--sanitize thread`). Should a toolchain
 * rename these functions, they are simply no longer called, the false positives come back and
 * tools/tsan fails: revisit this file then.
 */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef __attribute__((swiftcall)) void (*lock_slow_fn)(uint32_t, __attribute__((swift_context)) void *);
typedef __attribute__((swiftcall)) void (*unlock_slow_fn)(__attribute__((swift_context)) void *);

static void *library_function(const char *name) {
    void *function = dlsym(RTLD_NEXT, name);
    if (!function) {
        fprintf(stderr, "MutexAnnotations: %s not found in the Swift runtime: %s\n", name, dlerror());
        abort();
    }
    return function;
}

/* Synchronization._MutexHandle._lockSlow(_: UInt32) */
__attribute__((swiftcall)) void lifetrace_tsan_lock_slow(uint32_t self_id, __attribute__((swift_context)) void *handle)
    __asm__(LOCK_SLOW);
__attribute__((swiftcall)) void lifetrace_tsan_lock_slow(uint32_t self_id, __attribute__((swift_context)) void *handle) {
    static lock_slow_fn real;
    lock_slow_fn function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (!function) {
        function = (lock_slow_fn)library_function(LOCK_SLOW);
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);
    }
    function(self_id, handle);
    __tsan_acquire(handle);
}

/* Synchronization._MutexHandle._unlockSlow() */
__attribute__((swiftcall)) void lifetrace_tsan_unlock_slow(__attribute__((swift_context)) void *handle) __asm__(UNLOCK_SLOW);
__attribute__((swiftcall)) void lifetrace_tsan_unlock_slow(__attribute__((swift_context)) void *handle) {
    static unlock_slow_fn real;
    unlock_slow_fn function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (!function) {
        function = (unlock_slow_fn)library_function(UNLOCK_SLOW);
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);
    }
    __tsan_release(handle);
    function(handle);
}

#endif
#endif
