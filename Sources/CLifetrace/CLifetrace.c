#include "CLifetrace.h"

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

void lifetrace_set_global_gate(const struct lifetrace_gate *gate) {
    __atomic_store_n(&lifetrace_global_gate, gate, __ATOMIC_RELEASE);
}
