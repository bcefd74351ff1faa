/*
 * Deferred registration of the `lifetrace` provider (private: lifetrace_tracepoints.c and
 * provider_loader.c include it).
 *
 * The provider's generated constructor registers its probes with liblttng-ust at start-up, which
 * would make every program that links the provider load liblttng-ust (its constructor reads the
 * ELF headers of every loaded object and waits for the session daemon: milliseconds of start-up).
 * lifetrace_tracepoints.c routes that constructor's calls to the two functions below instead:
 * they remember the probe descriptor, and lifetrace_provider_load() (tracepoints/include) loads
 * liblttng-ust with dlopen and registers it, when the first LTTngSink is made.
 *
 * Their types are the real functions' (lttng/ust-events.h), so the generated code's calls check.
 */
#ifndef LIFETRACE_PROVIDER_LOADING_H
#define LIFETRACE_PROVIDER_LOADING_H

#include <lttng/ust-events.h>

/* Remembers `desc` (registers it at once if liblttng-ust is loaded already); never returns NULL. */
extern __typeof__(lttng_ust_probe_register) lifetrace_provider_defer_register;

/* Unregisters the provider if lifetrace_provider_load() registered it. */
extern __typeof__(lttng_ust_probe_unregister) lifetrace_provider_defer_unregister;

#endif
