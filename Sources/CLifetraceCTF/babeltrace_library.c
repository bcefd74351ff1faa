/*
 * Loading libbabeltrace2 on first use (babeltrace_library.h tells why).
 *
 * Invariants: the library is opened at most once (pthread_once) and never closed, so the pointers
 * in `lifetrace_bt` stay valid until the process exits; they are written only inside `load_once`,
 * and read only after lifetrace_bt_load() returned 1, which pthread_once orders after the writes.
 */
#include "babeltrace_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* The library's soname: what Debian's libbabeltrace2-0 installs. */
#define LIFETRACE_BT_SONAME "libbabeltrace2.so.0"

struct lifetrace_bt_functions lifetrace_bt;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* Written once, in load_library: empty when the library and all its functions are found. */
static char load_failure[512];

static void load_library(void) {
    /* RTLD_LOCAL: nothing else in the process uses babeltrace2's symbols, and its plugins, which it
     * loads itself, name the library as a dependency of their own. */
    void *handle = dlopen(LIFETRACE_BT_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure, sizeof load_failure,
            "cannot load babeltrace2 (%s, Debian package libbabeltrace2-0), which reads CTF traces: %s",
            LIFETRACE_BT_SONAME, reason ? reason : "not found");
        return;
    }
    struct lifetrace_bt_functions functions;
#define LIFETRACE_BT_LOOKUP(name) \
    functions.name = (__typeof__(name) *)dlsym(handle, #name); \
    if (functions.name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s lacks %s: babeltrace2 2.0 or later is needed", \
            LIFETRACE_BT_SONAME, #name); \
        return; \
    }
    LIFETRACE_BT_FUNCTIONS(LIFETRACE_BT_LOOKUP)
#undef LIFETRACE_BT_LOOKUP
    lifetrace_bt = functions;
}

int lifetrace_bt_load(char *error, size_t size) {
    pthread_once(&load_once, load_library);
    if (load_failure[0] == '\0') return 1;
    if (error != NULL && size > 0) snprintf(error, size, "%s", load_failure);
    return 0;
}
