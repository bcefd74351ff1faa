/*
 * Checking a recorded trace's directory before libbabeltrace2 reads it (lifetrace_ctf_check.h):
 * the metadata, every stream file's packets (ctf_packets.c), the index files, and the sanitized
 * copy when something had to be dropped.
 *
 * Files are opened without following a FIFO's wait (O_NONBLOCK) and checked to be regular before a
 * byte is read; stream files are read with pread, one packet header at a time.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "lifetrace_ctf_check.h"
#include "ctf_layout.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INDEX_MAGIC 0xC1F1DCC1u
#define INDEX_HEADER_BYTES 16u
/* An index entry of version 1.0: offset, packet_size, content_size, timestamp_begin,
 * timestamp_end, events_discarded, stream_id (64-bit big-endian words); 1.1 adds
 * stream_instance_id and packet_seq_num. */
#define INDEX_ENTRY_1_0_BYTES 56u
#define INDEX_ENTRY_1_1_BYTES 72u

struct index_file {
    int present;      /* index/NAME.idx exists */
    int usable;       /* and is an index */
    char problem[160];
    uint8_t *data;
    size_t size;
    uint32_t entry_bytes;
    uint64_t count;
};

struct stream_file {
    char *name;
    int walked;       /* a regular file whose packets were walked */
    int copy;         /* goes into the sanitized copy: walked and with a packet kept */
    struct ctf_walk walk;
};

struct checker {
    const char *directory;
    struct lifetrace_ctf_check_callbacks callbacks;
    int has_layout;
    struct ctf_layout layout;
    uint8_t *metadata;
    size_t metadata_size;
    struct stream_file *files;
    size_t file_count;
    int needs_copy;
};

__attribute__((format(printf, 7, 8)))
static void report(struct checker *checker, enum lifetrace_ctf_finding_kind kind, const char *file, int has_offset,
    uint64_t offset, uint64_t lost, const char *format, ...) {
    char message[640];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    struct lifetrace_ctf_finding finding = {
        .kind = kind, .file = file, .has_offset = has_offset, .offset = offset, .message = message, .lost_packets = lost,
    };
    if (checker->callbacks.finding) checker->callbacks.finding(checker->callbacks.context, &finding);
}

static char *join(const char *directory, const char *name) {
    size_t length = strlen(directory) + 1 + strlen(name) + 1;
    char *path = malloc(length);
    if (path) snprintf(path, length, "%s/%s", directory, name);
    return path;
}

static const char *file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

/* Why a path is not a regular file that can be read, as a predicate ("is a directory"), from
 * open_regular()'s `mode` and errno. */
static const char *unreadable(mode_t mode, int error, char *buffer, size_t size) {
    if (mode == 0 && error == ELOOP) return "is a symbolic link that loops";
    if (S_ISLNK(mode)) return "is a symbolic link to nothing";
    if (mode == 0 && error == ENOENT) return "is missing";
    if (mode == 0 || S_ISREG(mode)) {
        snprintf(buffer, size, "cannot be opened (%s)", strerror(error));
        return buffer;
    }
    snprintf(buffer, size, "is %s", file_kind(mode));
    return buffer;
}

/* Opens `path` for reading if it is a regular file (following symbolic links): the descriptor, or
 * -1 with errno and `*mode` the file's type (0 when stat failed; a symbolic link's when it leads
 * nowhere). Nothing else is opened, so no device is touched and no FIFO waited on. */
static int open_regular(const char *path, mode_t *mode, off_t *size) {
    struct stat status;
    *mode = 0;
    if (stat(path, &status) != 0) {
        int error = errno;
        if (error == ENOENT && lstat(path, &status) == 0) *mode = status.st_mode;
        errno = error;
        return -1;
    }
    *mode = status.st_mode;
    if (!S_ISREG(status.st_mode)) {
        errno = EINVAL;
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return -1;
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        /* Replaced between the two looks. */
        *mode = status.st_mode;
        close(fd);
        errno = EINVAL;
        return -1;
    }
    *size = status.st_size;
    return fd;
}

/* Reads a whole regular file. Returns 0, or -1 with errno. */
static int read_whole(int fd, off_t hint, uint8_t **data, size_t *size) {
    size_t capacity = hint > 0 ? (size_t)hint + 1 : 4096, used = 0;
    uint8_t *buffer = malloc(capacity);
    if (buffer == NULL) return -1;
    for (;;) {
        if (used == capacity) {
            uint8_t *more = realloc(buffer, capacity * 2);
            if (more == NULL) {
                free(buffer);
                errno = ENOMEM;
                return -1;
            }
            buffer = more;
            capacity *= 2;
        }
        ssize_t count = read(fd, buffer + used, capacity - used);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) {
            int error = errno;
            free(buffer);
            errno = error;
            return -1;
        }
        if (count == 0) break;
        used += (size_t)count;
    }
    *data = buffer;
    *size = used;
    return 0;
}

static long long read_descriptor(void *context, uint64_t offset, void *buffer, size_t size) {
    int fd = *(const int *)context;
    for (;;) {
        ssize_t count = pread(fd, buffer, size, (off_t)offset);
        if (count < 0 && errno == EINTR) continue;
        return count;
    }
}

struct memory_source {
    const uint8_t *bytes;
    size_t size;
};

static long long read_memory(void *context, uint64_t offset, void *buffer, size_t size) {
    const struct memory_source *memory = context;
    if (offset >= memory->size) return 0;
    if (size > memory->size - offset) size = (size_t)(memory->size - offset);
    memcpy(buffer, memory->bytes + offset, size);
    return (long long)size;
}

/* ---- Index files ------------------------------------------------------------------------------ */

static uint64_t load64_big(const uint8_t *bytes) {
    uint64_t value = 0;
    for (int index = 0; index < 8; index++) value = value << 8 | bytes[index];
    return value;
}

static uint32_t load32_big(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static void read_index(const char *path, struct index_file *index) {
    memset(index, 0, sizeof *index);
    mode_t mode;
    off_t size = 0;
    int fd = open_regular(path, &mode, &size);
    if (fd < 0) {
        if (errno == ENOENT && mode == 0) return; /* no index */
        char reason[96];
        index->present = 1;
        snprintf(index->problem, sizeof index->problem, "%s, not an index", unreadable(mode, errno, reason, sizeof reason));
        return;
    }
    index->present = 1;
    int status = read_whole(fd, size, &index->data, &index->size);
    int error = errno;
    close(fd);
    if (status != 0) {
        snprintf(index->problem, sizeof index->problem, "cannot be read: %s", strerror(error));
        return;
    }
    if (index->size < INDEX_HEADER_BYTES || load32_big(index->data) != INDEX_MAGIC) {
        snprintf(index->problem, sizeof index->problem, "does not begin with an index's magic 0xC1F1DCC1");
        return;
    }
    uint32_t major = load32_big(index->data + 4), entry = load32_big(index->data + 12);
    if (major != 1 || entry < INDEX_ENTRY_1_0_BYTES || (index->size - INDEX_HEADER_BYTES) % entry != 0) {
        snprintf(index->problem, sizeof index->problem,
            "has version %" PRIu32 " or entries of %" PRIu32 " bytes that do not divide its %zu bytes of entries",
            major, entry, index->size - INDEX_HEADER_BYTES);
        return;
    }
    index->entry_bytes = entry;
    index->count = (index->size - INDEX_HEADER_BYTES) / entry;
    index->usable = 1;
}

static uint64_t index_field(const struct index_file *index, uint64_t entry, int word) {
    return load64_big(index->data + INDEX_HEADER_BYTES + entry * index->entry_bytes + (uint64_t)word * 8);
}

/* The entries that list packets at or past `size`: packets the file does not hold. */
static uint64_t entries_past(const struct index_file *index, uint64_t size) {
    uint64_t count = 0;
    for (uint64_t entry = 0; entry < index->count; entry++) count += index_field(index, entry, 0) >= size;
    return count;
}

/* Whether the index lists exactly the packets walked; when not, says where in `why`. */
static int index_agrees(const struct index_file *index, const struct ctf_walk *walk, char *why, size_t why_size) {
    if (index->count != walk->kept_count) {
        snprintf(why, why_size, "lists %" PRIu64 " packets, the stream file holds %zu", index->count, walk->kept_count);
        return 0;
    }
    static const char *const names[] = {
        "offset", "packet_size", "content_size", "timestamp_begin", "timestamp_end", "events_discarded", "stream_id",
        "stream_instance_id", "packet_seq_num",
    };
    for (uint64_t entry = 0; entry < index->count; entry++) {
        const struct ctf_kept_packet *packet = &walk->kept[entry];
        uint64_t expected[9] = {
            packet->offset, packet->bytes * 8, packet->content_bits, packet->begin, packet->end, packet->discarded,
            packet->stream_id, packet->instance_id, packet->seq,
        };
        int known[9] = {
            1, 1, 1, packet->has[CTF_TIMESTAMP_BEGIN], packet->has[CTF_TIMESTAMP_END], packet->has[CTF_EVENTS_DISCARDED],
            packet->has[CTF_STREAM_ID], packet->has[CTF_STREAM_INSTANCE_ID], packet->has[CTF_PACKET_SEQ_NUM],
        };
        int words = index->entry_bytes >= INDEX_ENTRY_1_1_BYTES ? 9 : 7;
        for (int word = 0; word < words; word++) {
            uint64_t listed = index_field(index, entry, word);
            if (known[word] && listed != expected[word]) {
                snprintf(why, why_size, "entry %" PRIu64 " says %s %" PRIu64 ", the packet at byte %" PRIu64 " says %" PRIu64,
                    entry, names[word], listed, packet->offset, expected[word]);
                return 0;
            }
        }
    }
    return 1;
}

/* ---- Stream files ----------------------------------------------------------------------------- */

static int compare_names(const void *left, const void *right) {
    return strcmp(*(char *const *)left, *(char *const *)right);
}

/* The names in `path`, sorted, without `.`, `..` and hidden files; NULL with errno on failure. */
static char **list_directory(const char *path, size_t *count) {
    *count = 0;
    DIR *directory = opendir(path);
    if (directory == NULL) return NULL;
    size_t capacity = 16;
    char **names = malloc(capacity * sizeof *names);
    struct dirent *entry;
    while (names != NULL && (entry = readdir(directory)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        if (*count == capacity) {
            char **more = realloc(names, capacity * 2 * sizeof *names);
            if (more == NULL) break;
            names = more;
            capacity *= 2;
        }
        names[*count] = strdup(entry->d_name);
        if (names[*count] == NULL) break;
        (*count)++;
    }
    closedir(directory);
    if (names) qsort(names, *count, sizeof *names, compare_names);
    return names;
}

static void free_names(char **names, size_t count) {
    for (size_t index = 0; index < count && names; index++) free(names[index]);
    free(names);
}

/* Whether the directory `path` holds a trace of its own (a nested trace, not a stream). */
static int holds_metadata(const char *path) {
    char *metadata = join(path, "metadata");
    struct stat status;
    int found = metadata != NULL && stat(metadata, &status) == 0;
    free(metadata);
    return found;
}

/* Reports the packets of a walk that were dropped. */
static void report_walk(struct checker *checker, const char *path, const struct ctf_walk *walk) {
    for (size_t index = 0; index < walk->dropped_count; index++) {
        const struct ctf_dropped_packet *dropped = &walk->dropped[index];
        report(checker, LIFETRACE_CTF_FINDING_LOST, path, 1, dropped->offset, 1,
            "%s; the packet is dropped (%" PRIu64 " bytes) and counted as lost", dropped->why, dropped->bytes);
    }
}

static void check_stream(struct checker *checker, struct stream_file *file) {
    char *path = join(checker->directory, file->name);
    char *index_name = malloc(strlen(file->name) + 11);
    char *index_path = NULL;
    if (index_name) {
        snprintf(index_name, strlen(file->name) + 11, "index/%s.idx", file->name);
        index_path = join(checker->directory, index_name);
    }
    if (path == NULL || index_path == NULL) {
        report(checker, LIFETRACE_CTF_FINDING_WARNING, checker->directory, 0, 0, 0, "out of memory: %s not checked", file->name);
        free(path);
        free(index_name);
        return;
    }
    struct index_file index;
    read_index(index_path, &index);
    uint64_t listed = index.usable ? index.count : 0;
    mode_t mode;
    off_t size = 0;
    int fd = open_regular(path, &mode, &size);
    if (fd < 0) {
        int error = errno;
        if (S_ISDIR(mode) && (strcmp(file->name, "index") == 0 || holds_metadata(path))) {
            /* The index files' folder, or a trace of its own. */
        } else {
            char reason[96];
            const char *what = unreadable(mode, error, reason, sizeof reason);
            checker->needs_copy = 1;
            if (listed > 0) {
                report(checker, LIFETRACE_CTF_FINDING_LOST, path, 0, 0, listed,
                    "%s, not a stream file that can be read: the %" PRIu64 " packets %s lists are lost", what, listed, index_name);
            } else {
                report(checker, LIFETRACE_CTF_FINDING_LOST, path, 0, 0, 0,
                    "%s, not a stream file that can be read: its packets, if it had any, are lost", what);
            }
        }
        goto done;
    }
    if (index.present && !index.usable) {
        checker->needs_copy = 1;
        report(checker, LIFETRACE_CTF_FINDING_WARNING, index_path, 0, 0, 0, "%s: the index is left out", index.problem);
    }
    uint64_t missing = index.usable ? entries_past(&index, (uint64_t)size) : 0;
    if (checker->has_layout) {
        struct ctf_source source = {.context = &fd, .read = read_descriptor, .size = (uint64_t)size};
        if (ctf_walk_stream(&checker->layout, &source, &file->walk) != 0) {
            report(checker, LIFETRACE_CTF_FINDING_WARNING, path, 0, 0, 0, "out of memory: its packets are not checked");
        } else {
            file->walked = 1;
            file->copy = file->walk.kept_count > 0;
            report_walk(checker, path, &file->walk);
            if (file->walk.dropped_count > 0) checker->needs_copy = 1;
            char why[320];
            if (file->walk.dropped_count == 0 && missing == 0 && index.usable && !index_agrees(&index, &file->walk, why, sizeof why)) {
                checker->needs_copy = 1;
                report(checker, LIFETRACE_CTF_FINDING_WARNING, index_path, 0, 0, 0,
                    "%s: the index disagrees with the stream file, and is left out", why);
            }
        }
    }
    close(fd);
    if (missing > 0) {
        checker->needs_copy = 1;
        if (size == 0) {
            report(checker, LIFETRACE_CTF_FINDING_LOST, path, 0, 0, missing,
                "is empty, but %s lists %" PRIu64 " packets of it: they are lost", index_name, missing);
        } else {
            report(checker, LIFETRACE_CTF_FINDING_LOST, path, 1, (uint64_t)size, missing,
                "the file ends here, but %s lists %" PRIu64 " more packets past its end: they are lost", index_name, missing);
        }
    }
done:
    free(index.data);
    free(path);
    free(index_path);
    free(index_name);
}

/* Index files whose stream file is not in the directory at all. */
static void check_orphan_indexes(struct checker *checker) {
    char *folder = join(checker->directory, "index");
    if (folder == NULL) return;
    size_t count = 0;
    char **names = list_directory(folder, &count);
    for (size_t index = 0; index < count; index++) {
        size_t length = strlen(names[index]);
        if (length <= 4 || strcmp(names[index] + length - 4, ".idx") != 0) continue;
        names[index][length - 4] = '\0';
        /* The stream files are in name order (list_directory sorts). */
        size_t low = 0, high = checker->file_count;
        while (low < high) {
            size_t middle = low + (high - low) / 2;
            if (strcmp(checker->files[middle].name, names[index]) < 0) low = middle + 1; else high = middle;
        }
        if (low < checker->file_count && strcmp(checker->files[low].name, names[index]) == 0) continue;
        char name[PATH_MAX];
        snprintf(name, sizeof name, "%s.idx", names[index]);
        char *path = join(folder, name);
        char *stream = join(checker->directory, names[index]);
        struct index_file listing;
        if (path && stream) {
            read_index(path, &listing);
            uint64_t listed = listing.usable ? listing.count : 0;
            if (listed > 0) {
                checker->needs_copy = 1;
                report(checker, LIFETRACE_CTF_FINDING_LOST, stream, 0, 0, listed,
                    "is missing, but index/%s lists %" PRIu64 " packets of it: they are lost", name, listed);
            }
            free(listing.data);
        }
        free(path);
        free(stream);
    }
    free_names(names, count);
    free(folder);
}

/* ---- The sanitized copy ----------------------------------------------------------------------- */

static int write_descriptor(void *context, const void *bytes, size_t size) {
    int fd = *(const int *)context;
    const uint8_t *next = bytes;
    while (size > 0) {
        ssize_t count = write(fd, next, size);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return -1;
        next += count;
        size -= (size_t)count;
    }
    return 0;
}

static int fail_copy(struct checker *checker, const char *path, const char *what) {
    report(checker, LIFETRACE_CTF_FINDING_FATAL, path, 0, 0, 0, "cannot write the trace's sanitized copy (%s): %s", what, strerror(errno));
    return 0;
}

static int make_copy(struct checker *checker, const char *scratch) {
    if (mkdir(scratch, 0700) != 0) return fail_copy(checker, scratch, "the folder");
    char *metadata = join(scratch, "metadata");
    if (metadata == NULL) return fail_copy(checker, scratch, "memory");
    int fd = open(metadata, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    int ok = fd >= 0 && write_descriptor(&fd, checker->metadata, checker->metadata_size) == 0;
    if (fd >= 0 && close(fd) != 0) ok = 0;
    if (!ok) fail_copy(checker, metadata, "the metadata");
    free(metadata);
    for (size_t index = 0; ok && index < checker->file_count; index++) {
        struct stream_file *file = &checker->files[index];
        if (!file->copy) continue;
        char *source = join(checker->directory, file->name);
        char *target = join(scratch, file->name);
        if (source == NULL || target == NULL) {
            ok = fail_copy(checker, scratch, "memory");
        } else if (file->walk.dropped_count == 0) {
            /* A sound file: the same file under the copy's name (a link, else a symbolic link). */
            if (linkat(AT_FDCWD, source, AT_FDCWD, target, AT_SYMLINK_FOLLOW) != 0) {
                char *absolute = realpath(source, NULL);
                if (absolute == NULL || symlink(absolute, target) != 0) ok = fail_copy(checker, target, "a link to the stream file");
                free(absolute);
            }
        } else {
            mode_t mode;
            off_t size = 0;
            int in = open_regular(source, &mode, &size);
            int out = in >= 0 ? open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600) : -1;
            if (in < 0 || out < 0) {
                ok = fail_copy(checker, in < 0 ? source : target, "a stream file");
            } else {
                struct ctf_source stream = {.context = &in, .read = read_descriptor, .size = (uint64_t)size};
                int status = ctf_walk_write(&file->walk, &stream, write_descriptor, &out);
                if (status == -1) ok = fail_copy(checker, source, "reading the stream file");
                else if (status != 0) ok = fail_copy(checker, target, "writing the stream file");
            }
            if (out >= 0 && close(out) != 0 && ok) ok = fail_copy(checker, target, "writing the stream file");
            if (in >= 0) close(in);
        }
        free(source);
        free(target);
    }
    return ok;
}

/* ---- The metadata ----------------------------------------------------------------------------- */

/* Reads and decodes the metadata; 0 when the trace cannot be read (a FATAL finding said why). */
static int check_metadata(struct checker *checker, const char *path, const uint8_t *data, size_t size) {
    struct ctf_metadata metadata;
    struct ctf_problem problem = {0};
    if (ctf_metadata_decode(data, size, &metadata, &problem) != CTF_METADATA_OK) {
        report(checker, LIFETRACE_CTF_FINDING_FATAL, path, 1, problem.offset, 0, "%s", problem.message);
        return 0;
    }
    enum ctf_metadata_status status = ctf_layout_parse(&metadata, &checker->layout, &problem);
    ctf_metadata_free(&metadata);
    switch (status) {
    case CTF_METADATA_OK:
        checker->has_layout = 1;
        if (checker->layout.has_note) {
            report(checker, LIFETRACE_CTF_FINDING_WARNING, path, 1, checker->layout.note.offset, 0,
                "%s (TSDL declares a name before its use)", checker->layout.note.message);
        }
        return 1;
    case CTF_METADATA_UNSUPPORTED:
        report(checker, LIFETRACE_CTF_FINDING_WARNING, path, problem.offset != 0, problem.offset, 0,
            "%s; no packet of the trace is checked", problem.message);
        return 1;
    default:
        report(checker, LIFETRACE_CTF_FINDING_FATAL, path, 1, problem.offset, 0, "%s", problem.message);
        return 0;
    }
}

enum lifetrace_ctf_check_status lifetrace_ctf_check_trace(
    const char *directory, const char *scratch, struct lifetrace_ctf_check_callbacks callbacks) {
    struct checker checker = {.directory = directory, .callbacks = callbacks};
    enum lifetrace_ctf_check_status result = LIFETRACE_CTF_CHECK_FAILED;
    char *path = join(directory, "metadata");
    if (path == NULL) {
        report(&checker, LIFETRACE_CTF_FINDING_FATAL, directory, 0, 0, 0, "out of memory");
        return result;
    }
    mode_t mode;
    off_t size = 0;
    int fd = open_regular(path, &mode, &size);
    if (fd < 0) {
        char reason[96];
        report(&checker, LIFETRACE_CTF_FINDING_FATAL, path, 0, 0, 0, "%s, not a metadata file that can be read",
            unreadable(mode, errno, reason, sizeof reason));
        free(path);
        return result;
    }
    int read_status = read_whole(fd, size, &checker.metadata, &checker.metadata_size);
    int error = errno;
    close(fd);
    if (read_status != 0) {
        report(&checker, LIFETRACE_CTF_FINDING_FATAL, path, 0, 0, 0, "cannot be read: %s", strerror(error));
        free(path);
        return result;
    }
    if (!check_metadata(&checker, path, checker.metadata, checker.metadata_size)) goto done;
    size_t count = 0;
    char **names = list_directory(directory, &count);
    if (names == NULL) {
        report(&checker, LIFETRACE_CTF_FINDING_FATAL, directory, 0, 0, 0, "cannot be listed: %s", strerror(errno));
        goto done;
    }
    checker.files = calloc(count ? count : 1, sizeof *checker.files);
    if (checker.files == NULL) {
        free_names(names, count);
        report(&checker, LIFETRACE_CTF_FINDING_FATAL, directory, 0, 0, 0, "out of memory");
        goto done;
    }
    for (size_t index = 0; index < count; index++) {
        if (strcmp(names[index], "metadata") == 0) continue;
        checker.files[checker.file_count].name = names[index];
        names[index] = NULL;
        check_stream(&checker, &checker.files[checker.file_count]);
        checker.file_count++;
    }
    free_names(names, count);
    check_orphan_indexes(&checker);
    if (!checker.has_layout || !checker.needs_copy) {
        result = LIFETRACE_CTF_CHECK_SOUND;
    } else if (make_copy(&checker, scratch)) {
        result = LIFETRACE_CTF_CHECK_SANITIZED;
    }
done:
    for (size_t index = 0; index < checker.file_count; index++) {
        free(checker.files[index].name);
        ctf_walk_free(&checker.files[index].walk);
    }
    free(checker.files);
    free(checker.metadata);
    ctf_layout_free(&checker.layout);
    free(path);
    return result;
}

/* ---- In memory (the fuzz target's entry point) ------------------------------------------------ */

struct growing_buffer {
    uint8_t *bytes;
    size_t size, capacity;
};

static int write_memory(void *context, const void *bytes, size_t size) {
    struct growing_buffer *buffer = context;
    if (size > buffer->capacity - buffer->size) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity - buffer->size < size) capacity *= 2;
        uint8_t *more = realloc(buffer->bytes, capacity);
        if (more == NULL) {
            errno = ENOMEM;
            return -1;
        }
        buffer->bytes = more;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, bytes, size);
    buffer->size += size;
    return 0;
}

enum lifetrace_ctf_check_status lifetrace_ctf_check_memory(
    const uint8_t *metadata, size_t metadata_size, const uint8_t *stream, size_t stream_size,
    struct lifetrace_ctf_check_callbacks callbacks, uint8_t **sanitized, size_t *sanitized_size) {
    struct checker checker = {.directory = ".", .callbacks = callbacks};
    *sanitized = NULL;
    *sanitized_size = 0;
    if (!check_metadata(&checker, "metadata", metadata, metadata_size)) return LIFETRACE_CTF_CHECK_FAILED;
    if (!checker.has_layout) return LIFETRACE_CTF_CHECK_SOUND;
    struct memory_source memory = {.bytes = stream, .size = stream_size};
    struct ctf_source source = {.context = &memory, .read = read_memory, .size = stream_size};
    struct ctf_walk walk;
    enum lifetrace_ctf_check_status result = LIFETRACE_CTF_CHECK_SOUND;
    if (ctf_walk_stream(&checker.layout, &source, &walk) != 0) {
        report(&checker, LIFETRACE_CTF_FINDING_FATAL, "stream", 0, 0, 0, "out of memory");
        ctf_layout_free(&checker.layout);
        return LIFETRACE_CTF_CHECK_FAILED;
    }
    report_walk(&checker, "stream", &walk);
    if (walk.dropped_count > 0) {
        struct growing_buffer buffer = {0};
        if (ctf_walk_write(&walk, &source, write_memory, &buffer) != 0) {
            free(buffer.bytes);
            report(&checker, LIFETRACE_CTF_FINDING_FATAL, "stream", 0, 0, 0, "out of memory");
            result = LIFETRACE_CTF_CHECK_FAILED;
        } else {
            *sanitized = buffer.bytes;
            *sanitized_size = buffer.size;
            result = LIFETRACE_CTF_CHECK_SANITIZED;
        }
    }
    ctf_walk_free(&walk);
    ctf_layout_free(&checker.layout);
    return result;
}
