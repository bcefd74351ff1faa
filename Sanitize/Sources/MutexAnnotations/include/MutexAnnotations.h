/* Nothing to import: MutexAnnotations.c only defines symbols the linker picks up (see there). */
#ifndef MUTEX_ANNOTATIONS_H
#define MUTEX_ANNOTATIONS_H
#endif
