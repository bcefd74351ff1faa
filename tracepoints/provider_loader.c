/*
 * Loading liblttng-ust when a sink needs it, and registering the `lifetrace` provider's probes then
 * (provider_loading.h tells why the registration is deferred).
 *
 * Invariants:
 * - liblttng-ust is opened at most once (pthread_once) and never closed: LTTng-UST cannot be
 *   unloaded (its threads and shared memory outlive any dlclose), so the handle and the two
 *   function pointers taken from it stay valid until the process exits.
 * - `state` is read and written under `state_lock` only. The probe descriptor it remembers is the
 *   provider's own static data, valid as long as this module is loaded; `registered` is non-NULL
 *   exactly while liblttng-ust holds a registration of it, which is released once, while
 *   liblttng-ust is still whole: by an atexit handler (run by exit() before any destructor, and by
 *   dlclose of this module before its destructors), or else by the provider's destructor. Leaving
 *   it to the destructor alone would depend on the order of destructors: liblttng-ust, loaded
 *   after this module, is finalised first where glibc runs destructors in reverse order of
 *   constructors (2.39 and later, bug 30785), and would then be called after its own teardown.
 * - dlopen is called outside `state_lock`: the provider's constructor takes the lock while the
 *   dynamic loader holds its own, so taking them in the other order could deadlock.
 */
#include "provider_loading.h"
#include "include/lifetrace_tracepoints.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

/* The library's soname: what Debian's liblttng-ust1 installs (the -dev package adds the .so link). */
#define LIFETRACE_UST_SONAME "liblttng-ust.so.1"

static struct {
    const struct lttng_ust_probe_desc *pending;    /* remembered by the constructor */
    struct lttng_ust_registered_probe *registered; /* liblttng-ust's registration, or NULL */
    __typeof__(lttng_ust_probe_register) *probe_register;     /* NULL until liblttng-ust is loaded */
    __typeof__(lttng_ust_probe_unregister) *probe_unregister;
} state;
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* Written once, in load_library (under load_once): NULL when liblttng-ust is loaded. */
static const char *load_failure;
static char load_failure_text[512];

/* What the generated constructor gets back while the registration waits: it only checks that the
 * value is not NULL and hands it back to the destructor, which ignores it. */
static char deferred_cookie;

/* Registers the pending descriptor if liblttng-ust is loaded and it is not registered yet.
 * Called with state_lock held. */
static void register_pending(void) {
    if (state.pending == NULL || state.registered != NULL || state.probe_register == NULL) return;
    state.registered = state.probe_register(state.pending);
    if (state.registered == NULL) {
        /* What the generated constructor does on this failure (a provider registered twice). */
        fprintf(stderr, "LTTng-UST: Error while registering tracepoint probe.\n");
        abort();
    }
}

struct lttng_ust_registered_probe *lifetrace_provider_defer_register(const struct lttng_ust_probe_desc *desc) {
    pthread_mutex_lock(&state_lock);
    state.pending = desc;
    register_pending();
    pthread_mutex_unlock(&state_lock);
    return (struct lttng_ust_registered_probe *)(void *)&deferred_cookie;
}

void lifetrace_provider_defer_unregister(struct lttng_ust_registered_probe *cookie) {
    (void)cookie;
    pthread_mutex_lock(&state_lock);
    if (state.registered != NULL) state.probe_unregister(state.registered);
    state.registered = NULL;
    state.pending = NULL;
    pthread_mutex_unlock(&state_lock);
}

static void unregister_at_exit(void) {
    lifetrace_provider_defer_unregister(NULL);
}

static void load_library(void) {
    /* RTLD_GLOBAL: as when linked, liblttng-ust's symbols serve the libraries it loads itself
     * (its ring-buffer clients, liblttng-ust-tracepoint's lookups). Its constructor runs here:
     * it registers with the session daemon, waiting for it as long as LTTNG_UST_REGISTER_TIMEOUT. */
    void *handle = dlopen(LIFETRACE_UST_SONAME, RTLD_NOW | RTLD_GLOBAL);
    __typeof__(lttng_ust_probe_register) *probe_register = NULL;
    __typeof__(lttng_ust_probe_unregister) *probe_unregister = NULL;
    if (handle != NULL) {
        probe_register = (__typeof__(lttng_ust_probe_register) *)dlsym(handle, "lttng_ust_probe_register");
        probe_unregister = (__typeof__(lttng_ust_probe_unregister) *)dlsym(handle, "lttng_ust_probe_unregister");
    }
    if (probe_register == NULL || probe_unregister == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure_text, sizeof load_failure_text,
            "cannot load LTTng-UST (%s, Debian package liblttng-ust1): %s", LIFETRACE_UST_SONAME,
            reason ? reason : "lttng_ust_probe_register not found");
        load_failure = load_failure_text;
        return;
    }
    pthread_mutex_lock(&state_lock);
    state.probe_register = probe_register;
    state.probe_unregister = probe_unregister;
    register_pending();
    pthread_mutex_unlock(&state_lock);
    /* Should atexit fail (out of memory), the provider's destructor still unregisters. */
    atexit(unregister_at_exit);
}

const char *lifetrace_provider_load(void) {
    pthread_once(&load_once, load_library);
    return load_failure;
}
