/*
 * One stream file's packets, checked before libbabeltrace2 reads them (ctf_layout.h).
 *
 * A packet is kept when its header and context are possible on their own (the magic, the trace's
 * uuid, a declared stream class, sizes in whole bytes that fit in the file with the content inside
 * the packet, timestamps in order and within what the clock can express, no field at 2^64 - 1,
 * which babeltrace2 takes for "not set" and aborts on) and when it follows the previous packet of
 * the file (time, packet_seq_num and events_discarded never go back). When two neighbours disagree,
 * the one the packets around them contradict is dropped: a packet whose timestamp_end or counter
 * jumped forward is the culprit, not every packet after it.
 *
 * A packet that is not possible on its own may not say truly where it ends: the walk looks for the
 * next packet's magic from the byte after its start, and what lies between is dropped as one
 * packet. Every byte is read at most twice (once when scanning), so the cost is linear in the file.
 */
#include "ctf_layout.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PACKET_MAGIC 0xC1FC1FC1u

static uint64_t field_read(const uint8_t *packet, const struct ctf_field *field) {
    const uint8_t *bytes = packet + field->byte_offset;
    uint64_t value = 0;
    if (field->big_endian) {
        for (uint32_t index = 0; index < field->bytes; index++) value = value << 8 | bytes[index];
    } else {
        for (uint32_t index = field->bytes; index > 0; index--) value = value << 8 | bytes[index - 1];
    }
    return value;
}

void ctf_field_write(uint8_t *packet, const struct ctf_field *field, uint64_t value) {
    uint8_t *bytes = packet + field->byte_offset;
    for (uint32_t index = 0; index < field->bytes; index++) {
        uint32_t shift = 8 * (field->big_endian ? field->bytes - 1 - index : index);
        bytes[index] = shift < 64 ? (uint8_t)(value >> shift) : 0;
    }
}

/* What one packet's header and context say. */
struct candidate {
    uint64_t offset;
    uint64_t bytes;
    uint64_t content_bits;
    uint64_t values[CTF_ROLES];
    unsigned char has[CTF_ROLES];
    const struct ctf_stream_class *stream;
};

struct walker {
    const struct ctf_layout *layout;
    const struct ctf_source *source;
    uint8_t buffer[CTF_MAX_CONTEXT_BYTES];
    uint8_t chunk[1 << 16]; /* what resynchronize() scans */
    uint32_t header_end;
    uint32_t read_size; /* bytes read per packet: the longest header and context */ /* bytes: the header's fields end there */
    struct candidate *valid;
    size_t valid_count, valid_capacity;
    struct ctf_walk *walk;
    size_t dropped_capacity;
};

static int add_dropped(struct walker *walker, uint64_t offset, uint64_t bytes, const char *why) {
    struct ctf_walk *walk = walker->walk;
    if (walk->dropped_count == walker->dropped_capacity) {
        size_t grown = walker->dropped_capacity ? walker->dropped_capacity * 2 : 8;
        struct ctf_dropped_packet *more = realloc(walk->dropped, grown * sizeof *more);
        if (more == NULL) return 0;
        walk->dropped = more;
        walker->dropped_capacity = grown;
    }
    struct ctf_dropped_packet *dropped = &walk->dropped[walk->dropped_count++];
    dropped->offset = offset;
    dropped->bytes = bytes;
    snprintf(dropped->why, sizeof dropped->why, "%s", why);
    return 1;
}

/* Reads up to `size` bytes at `offset`: the count read, or -1 (errno). */
static long long read_at(const struct walker *walker, uint64_t offset, void *buffer, size_t size) {
    uint64_t available = walker->source->size - offset;
    if (size > available) size = (size_t)available;
    size_t done = 0;
    while (done < size) {
        long long count = walker->source->read(walker->source->context, offset + done, (uint8_t *)buffer + done, size - done);
        if (count < 0) return -1;
        if (count == 0) break;
        done += (size_t)count;
    }
    return (long long)done;
}

/* The nanoseconds from the clock's origin of `value` fit in 64 bits (babeltrace2 needs them). */
static int within_clock(const struct ctf_layout *layout, const struct ctf_field *field, uint64_t value) {
    if (field->clock < 0) return 1;
    const struct ctf_clock *clock = &layout->clocks[field->clock];
    __int128 cycles = (__int128)clock->offset_cycles + value;
    __int128 nanoseconds = (__int128)clock->offset_seconds * 1000000000 + cycles * 1000000000 / (__int128)clock->frequency;
    return nanoseconds <= INT64_MAX && nanoseconds >= INT64_MIN;
}

/* Reads the packet at `offset` from its first `got` bytes at `packet` (at least walker->read_size,
 * or all up to the end of the file): 1 when it is possible on its own, 0 (with `why`) when not. */
static int examine_bytes(struct walker *walker, uint64_t offset, const uint8_t *packet, uint64_t got,
    struct candidate *candidate, char *why, size_t why_size) {
    const struct ctf_layout *layout = walker->layout;
    uint64_t file_size = walker->source->size;
    uint64_t available = file_size - offset;
    memset(candidate, 0, sizeof *candidate);
    candidate->offset = offset;
    const struct ctf_field *header = layout->streams[0].fields;
    if ((uint64_t)got < walker->header_end) {
        snprintf(why, why_size,
            "the file ends %" PRIu64 " bytes into a packet header of %" PRIu32 " bytes (at byte %" PRIu64 ")",
            available, walker->header_end, file_size);
        return 0;
    }
    if (header[CTF_MAGIC].present) {
        uint64_t magic = field_read(packet, &header[CTF_MAGIC]);
        if (magic != PACKET_MAGIC) {
            snprintf(why, why_size, "expected a packet's magic 0xC1FC1FC1, found 0x%08" PRIX64, magic);
            return 0;
        }
    }
    if (header[CTF_UUID].present && layout->has_uuid
        && memcmp(packet + header[CTF_UUID].byte_offset, layout->uuid, 16) != 0) {
        snprintf(why, why_size, "the packet's uuid is not the trace's");
        return 0;
    }
    const struct ctf_stream_class *stream = &layout->streams[0];
    if (layout->has_stream_id) {
        uint64_t id = field_read(packet, &header[CTF_STREAM_ID]);
        stream = ctf_layout_stream(layout, id);
        if (stream == NULL) {
            snprintf(why, why_size, "stream_id %" PRIu64 " names no stream of the metadata", id);
            return 0;
        }
    }
    candidate->stream = stream;
    if ((uint64_t)got < stream->context_end) {
        snprintf(why, why_size,
            "the file ends %" PRIu64 " bytes into a packet whose header and context have %" PRIu32 " bytes (at byte %" PRIu64 ")",
            available, stream->context_end, file_size);
        return 0;
    }
    const struct ctf_field *fields = stream->fields;
    for (int role = 0; role < CTF_ROLES; role++) {
        if (!fields[role].present || role == CTF_UUID) continue;
        candidate->has[role] = 1;
        candidate->values[role] = field_read(packet, &fields[role]);
        /* babeltrace2 2.0 keeps "not set" as 2^64 - 1 in these, and asserts a packet's value is not that. */
        if (fields[role].bytes == 8 && candidate->values[role] == UINT64_MAX
            && (role == CTF_TIMESTAMP_BEGIN || role == CTF_TIMESTAMP_END || role == CTF_PACKET_SEQ_NUM
                || role == CTF_EVENTS_DISCARDED || role == CTF_CONTENT_SIZE || role == CTF_PACKET_SIZE)) {
            snprintf(why, why_size, "%s is 2^64 - 1 (all bits set), which no tracer writes", ctf_role_names[role]);
            return 0;
        }
    }
    uint64_t packet_bits;
    if (candidate->has[CTF_PACKET_SIZE]) {
        packet_bits = candidate->values[CTF_PACKET_SIZE];
        if (packet_bits % 8 != 0) {
            snprintf(why, why_size, "packet_size %" PRIu64 " bits is not a whole number of bytes", packet_bits);
            return 0;
        }
        if (packet_bits / 8 < stream->context_end) {
            snprintf(why, why_size, "packet_size %" PRIu64 " bits is less than the packet's header and context (%" PRIu32 " bytes)",
                packet_bits, stream->context_end);
            return 0;
        }
        if (packet_bits / 8 > available) {
            snprintf(why, why_size,
                "packet_size %" PRIu64 " bits (%" PRIu64 " bytes) runs past the end of the file (byte %" PRIu64 ")",
                packet_bits, packet_bits / 8, file_size);
            return 0;
        }
    } else {
        packet_bits = available * 8; /* one packet: the whole rest of the file */
    }
    candidate->bytes = packet_bits / 8;
    uint64_t content_bits = packet_bits;
    if (candidate->has[CTF_CONTENT_SIZE]) {
        content_bits = candidate->values[CTF_CONTENT_SIZE];
        if (content_bits % 8 != 0) {
            snprintf(why, why_size, "content_size %" PRIu64 " bits is not a whole number of bytes", content_bits);
            return 0;
        }
        if (content_bits > packet_bits) {
            snprintf(why, why_size, "content_size %" PRIu64 " bits exceeds packet_size %" PRIu64 " bits", content_bits, packet_bits);
            return 0;
        }
        if (content_bits / 8 < stream->context_end) {
            snprintf(why, why_size, "content_size %" PRIu64 " bits is less than the packet's header and context (%" PRIu32 " bytes)",
                content_bits, stream->context_end);
            return 0;
        }
    }
    candidate->content_bits = content_bits;
    static const int times[] = {CTF_TIMESTAMP_BEGIN, CTF_TIMESTAMP_END};
    for (size_t index = 0; index < 2; index++) {
        int role = times[index];
        if (candidate->has[role] && !within_clock(layout, &fields[role], candidate->values[role])) {
            snprintf(why, why_size, "%s %" PRIu64 " is past what the clock `%s` can express", ctf_role_names[role],
                candidate->values[role], layout->clocks[fields[role].clock].name);
            return 0;
        }
    }
    if (candidate->has[CTF_TIMESTAMP_BEGIN] && candidate->has[CTF_TIMESTAMP_END]
        && candidate->values[CTF_TIMESTAMP_END] < candidate->values[CTF_TIMESTAMP_BEGIN]) {
        snprintf(why, why_size, "timestamp_end %" PRIu64 " precedes timestamp_begin %" PRIu64,
            candidate->values[CTF_TIMESTAMP_END], candidate->values[CTF_TIMESTAMP_BEGIN]);
        return 0;
    }
    return 1;
}

/* examine_bytes() of the packet at `offset`, read from the source; -1 when it cannot be read. */
static int examine(struct walker *walker, uint64_t offset, struct candidate *candidate, char *why, size_t why_size) {
    long long got = read_at(walker, offset, walker->buffer, walker->read_size);
    if (got < 0) return -1;
    return examine_bytes(walker, offset, walker->buffer, (uint64_t)got, candidate, why, why_size);
}

/* The next packet possible on its own at or after `from`, found by its magic; the file's size when
 * there is none (or the header has no magic to look for). Returns -1 when the source cannot be
 * read, with `*failed_at` where. */
static int resynchronize(struct walker *walker, uint64_t from, uint64_t *next, uint64_t *failed_at) {
    const struct ctf_field *magic = &walker->layout->streams[0].fields[CTF_MAGIC];
    uint64_t size = walker->source->size;
    *next = size;
    if (!magic->present) return 0;
    uint8_t pattern[4];
    ctf_field_write(pattern, &(struct ctf_field){.byte_offset = 0, .bytes = 4, .big_endian = magic->big_endian}, PACKET_MAGIC);
    uint8_t *chunk = walker->chunk;
    /* `position` is where the next packet may start; its magic lies magic->byte_offset further. */
    uint64_t position = from;
    while (position < size && size - position > magic->byte_offset) {
        uint64_t scan = position + magic->byte_offset;
        long long got = read_at(walker, scan, chunk, sizeof walker->chunk);
        if (got < 0) {
            *failed_at = scan;
            return -1;
        }
        if (got < 4) return 0;
        for (long long index = 0; index + 4 <= got; index++) {
            const uint8_t *hit = memchr(chunk + index, pattern[0], (size_t)(got - 3 - index));
            if (hit == NULL) break;
            index = hit - chunk;
            if (memcmp(hit, pattern, 4) != 0) continue;
            struct candidate candidate;
            char why[8];
            uint64_t start = scan + (uint64_t)index - magic->byte_offset;
            int status;
            if (index >= (long long)magic->byte_offset
                && ((uint64_t)(got - index + magic->byte_offset) >= walker->read_size || scan + (uint64_t)got == size)) {
                /* The chunk holds what examine_bytes() reads: no read per candidate. */
                const uint8_t *packet = chunk + index - magic->byte_offset;
                status = examine_bytes(walker, start, packet, (uint64_t)(got - index + magic->byte_offset), &candidate, why, sizeof why);
            } else {
                /* examine() reads into walker->buffer, not the chunk: the scan goes on where it was. */
                status = examine(walker, start, &candidate, why, sizeof why);
            }
            if (status < 0) {
                *failed_at = start;
                return -1;
            }
            if (status == 1) {
                *next = start;
                return 0;
            }
        }
        /* The last 3 bytes may begin a magic that this chunk cuts. */
        position += (uint64_t)got > 3 ? (uint64_t)got - 3 : 1;
    }
    return 0;
}

static int add_valid(struct walker *walker, const struct candidate *candidate) {
    if (walker->valid_count == walker->valid_capacity) {
        size_t grown = walker->valid_capacity ? walker->valid_capacity * 2 : 64;
        struct candidate *more = realloc(walker->valid, grown * sizeof *more);
        if (more == NULL) return 0;
        walker->valid = more;
        walker->valid_capacity = grown;
    }
    walker->valid[walker->valid_count++] = *candidate;
    return 1;
}

/* Whether `b` may follow `a` in a stream; when not, says why in `why` (from `b`'s side when
 * `later` is set, else from `a`'s). */
static int follows(const struct candidate *a, const struct candidate *b, char *why, size_t why_size, int later) {
    uint64_t a_end = a->has[CTF_TIMESTAMP_END] ? a->values[CTF_TIMESTAMP_END] : a->values[CTF_TIMESTAMP_BEGIN];
    int a_has_time = a->has[CTF_TIMESTAMP_END] || a->has[CTF_TIMESTAMP_BEGIN];
    if (a_has_time && b->has[CTF_TIMESTAMP_BEGIN] && b->values[CTF_TIMESTAMP_BEGIN] < a_end) {
        if (why) {
            if (later) {
                snprintf(why, why_size, "timestamp_begin %" PRIu64 " goes back before the end (%" PRIu64 ") of the previous packet (at byte %" PRIu64 ")",
                    b->values[CTF_TIMESTAMP_BEGIN], a_end, a->offset);
            } else {
                snprintf(why, why_size, "its end (%" PRIu64 ") runs past the next packet's timestamp_begin %" PRIu64 " (at byte %" PRIu64 "), which the packets around it agree with",
                    a_end, b->values[CTF_TIMESTAMP_BEGIN], b->offset);
            }
        }
        return 0;
    }
    if (a->has[CTF_PACKET_SEQ_NUM] && b->has[CTF_PACKET_SEQ_NUM] && b->values[CTF_PACKET_SEQ_NUM] <= a->values[CTF_PACKET_SEQ_NUM]) {
        if (why) {
            if (later) {
                snprintf(why, why_size, "packet_seq_num %" PRIu64 " does not follow the previous packet's %" PRIu64 " (at byte %" PRIu64 ")",
                    b->values[CTF_PACKET_SEQ_NUM], a->values[CTF_PACKET_SEQ_NUM], a->offset);
            } else {
                snprintf(why, why_size, "packet_seq_num %" PRIu64 " is not below the next packet's %" PRIu64 " (at byte %" PRIu64 "), which the packets around it agree with",
                    a->values[CTF_PACKET_SEQ_NUM], b->values[CTF_PACKET_SEQ_NUM], b->offset);
            }
        }
        return 0;
    }
    if (a->has[CTF_EVENTS_DISCARDED] && b->has[CTF_EVENTS_DISCARDED] && b->values[CTF_EVENTS_DISCARDED] < a->values[CTF_EVENTS_DISCARDED]) {
        if (why) {
            if (later) {
                snprintf(why, why_size, "events_discarded %" PRIu64 " goes back from the previous packet's %" PRIu64 " (at byte %" PRIu64 ")",
                    b->values[CTF_EVENTS_DISCARDED], a->values[CTF_EVENTS_DISCARDED], a->offset);
            } else {
                snprintf(why, why_size, "events_discarded %" PRIu64 " is above the next packet's %" PRIu64 " (at byte %" PRIu64 "), which the packets around it agree with",
                    a->values[CTF_EVENTS_DISCARDED], b->values[CTF_EVENTS_DISCARDED], b->offset);
            }
        }
        return 0;
    }
    return 1;
}

static int compare_dropped(const void *left, const void *right) {
    uint64_t a = ((const struct ctf_dropped_packet *)left)->offset, b = ((const struct ctf_dropped_packet *)right)->offset;
    return a < b ? -1 : a > b;
}

/* Keeps the packets that agree with their neighbours (ctf_walk_stream's second half). */
static int keep_in_order(struct walker *walker) {
    struct ctf_walk *walk = walker->walk;
    size_t count = walker->valid_count;
    const struct candidate *valid = walker->valid;
    char why[320];
    /* A file is one stream: the stream class and instance most of its packets name. */
    size_t vote = 0, votes = 0;
    for (size_t index = 0; index < count; index++) {
        if (votes == 0) {
            vote = index;
            votes = 1;
        } else if (valid[index].stream == valid[vote].stream
            && valid[index].values[CTF_STREAM_INSTANCE_ID] == valid[vote].values[CTF_STREAM_INSTANCE_ID]) {
            votes++;
        } else {
            votes--;
        }
    }
    size_t agreeing = 0;
    for (size_t index = 0; index < count; index++) {
        agreeing += valid[index].stream == valid[vote].stream
            && valid[index].values[CTF_STREAM_INSTANCE_ID] == valid[vote].values[CTF_STREAM_INSTANCE_ID];
    }
    if (count > 0 && agreeing * 2 <= count) vote = 0; /* no majority: the first packet's */
    size_t *stack = malloc((count ? count : 1) * sizeof *stack);
    if (stack == NULL) return 0;
    size_t depth = 0;
    for (size_t index = 0; index < count; index++) {
        const struct candidate *packet = &valid[index];
        if (packet->stream != valid[vote].stream
            || packet->values[CTF_STREAM_INSTANCE_ID] != valid[vote].values[CTF_STREAM_INSTANCE_ID]) {
            snprintf(why, sizeof why, "stream %" PRIu64 " (instance %" PRIu64 ") differs from the file's stream %" PRIu64 " (instance %" PRIu64 ")",
                packet->stream->id, packet->values[CTF_STREAM_INSTANCE_ID], valid[vote].stream->id,
                valid[vote].values[CTF_STREAM_INSTANCE_ID]);
            if (!add_dropped(walker, packet->offset, packet->bytes, why)) goto memory;
            continue;
        }
        if (depth == 0 || follows(&valid[stack[depth - 1]], packet, NULL, 0, 1)) {
            stack[depth++] = index;
            continue;
        }
        /* The previous packet or this one is wrong: blame the previous one when the packets
         * around it agree without it (the one before it, this one and the next). */
        const struct candidate *last = &valid[stack[depth - 1]];
        const struct candidate *before = depth >= 2 ? &valid[stack[depth - 2]] : NULL;
        const struct candidate *next = NULL;
        for (size_t later = index + 1; later < count && next == NULL; later++) {
            if (valid[later].stream == valid[vote].stream
                && valid[later].values[CTF_STREAM_INSTANCE_ID] == valid[vote].values[CTF_STREAM_INSTANCE_ID]) {
                next = &valid[later];
            }
        }
        int blame_last = next != NULL && (before == NULL || follows(before, packet, NULL, 0, 1))
            && follows(packet, next, NULL, 0, 1) && !follows(last, next, NULL, 0, 1);
        if (blame_last) {
            follows(last, packet, why, sizeof why, 0);
            if (!add_dropped(walker, last->offset, last->bytes, why)) goto memory;
            stack[depth - 1] = index;
        } else {
            follows(last, packet, why, sizeof why, 1);
            if (!add_dropped(walker, packet->offset, packet->bytes, why)) goto memory;
        }
    }
    /* The kept packets, in file order, numbered so the dropped ones leave no gap (the gaps the
     * file had stay: those packets were lost before). */
    walk->kept = calloc(depth ? depth : 1, sizeof *walk->kept);
    if (walk->kept == NULL) goto memory;
    if (walk->dropped_count > 1) qsort(walk->dropped, walk->dropped_count, sizeof *walk->dropped, compare_dropped);
    size_t dropped_index = 0;
    for (size_t index = 0; index < depth; index++) {
        const struct candidate *packet = &valid[stack[index]];
        struct ctf_kept_packet *kept = &walk->kept[index];
        kept->offset = packet->offset;
        kept->bytes = packet->bytes;
        kept->stream = packet->stream;
        kept->content_bits = packet->content_bits;
        kept->has_seq = packet->has[CTF_PACKET_SEQ_NUM];
        kept->seq = packet->values[CTF_PACKET_SEQ_NUM];
        kept->begin = packet->values[CTF_TIMESTAMP_BEGIN];
        kept->end = packet->values[CTF_TIMESTAMP_END];
        kept->discarded = packet->values[CTF_EVENTS_DISCARDED];
        kept->stream_id = packet->values[CTF_STREAM_ID];
        kept->instance_id = packet->values[CTF_STREAM_INSTANCE_ID];
        memcpy(kept->has, packet->has, sizeof kept->has);
        size_t dropped_before = 0;
        while (dropped_index < walk->dropped_count && walk->dropped[dropped_index].offset < packet->offset) {
            dropped_index++;
            dropped_before++;
        }
        if (index == 0 || !kept->has_seq) {
            kept->renumbered = kept->seq;
        } else {
            const struct ctf_kept_packet *previous = &walk->kept[index - 1];
            uint64_t gap = kept->seq - previous->seq; /* at least 1: the order was checked */
            kept->renumbered = previous->renumbered + (gap > dropped_before ? gap - dropped_before : 1);
        }
    }
    walk->kept_count = depth;
    free(stack);
    return 1;
memory:
    free(stack);
    return 0;
}

int ctf_walk_stream(const struct ctf_layout *layout, const struct ctf_source *source, struct ctf_walk *walk) {
    memset(walk, 0, sizeof *walk);
    struct walker *walker = calloc(1, sizeof *walker);
    if (walker == NULL) return -1;
    walker->layout = layout;
    walker->source = source;
    walker->walk = walk;
    const struct ctf_field *header = layout->streams[0].fields;
    for (int role = CTF_MAGIC; role <= CTF_STREAM_INSTANCE_ID; role++) {
        if (header[role].present && header[role].byte_offset + header[role].bytes > walker->header_end) {
            walker->header_end = header[role].byte_offset + header[role].bytes;
        }
    }
    if (walker->header_end == 0) walker->header_end = 1;
    walker->read_size = walker->header_end;
    for (size_t index = 0; index < layout->stream_count; index++) {
        if (layout->streams[index].context_end > walker->read_size) walker->read_size = layout->streams[index].context_end;
    }
    char why[320];
    uint64_t offset = 0, size = source->size;
    int ok = 1;
    while (ok && offset < size) {
        struct candidate candidate;
        int status = examine(walker, offset, &candidate, why, sizeof why);
        if (status < 0) {
            walk->read_errno = errno ? errno : EIO;
            walk->failed_offset = offset;
            snprintf(why, sizeof why, "cannot be read: %s", strerror(walk->read_errno));
            ok = add_dropped(walker, offset, size - offset, why);
            break;
        }
        if (status == 1) {
            ok = add_valid(walker, &candidate);
            offset += candidate.bytes;
            continue;
        }
        uint64_t next = size, failed_at = 0;
        if (resynchronize(walker, offset + 1, &next, &failed_at) < 0) {
            walk->read_errno = errno ? errno : EIO;
            walk->failed_offset = failed_at;
            ok = add_dropped(walker, offset, size - offset, why);
            break;
        }
        ok = add_dropped(walker, offset, next - offset, why);
        offset = next;
    }
    if (ok) ok = keep_in_order(walker);
    free(walker->valid);
    free(walker);
    if (!ok) {
        ctf_walk_free(walk);
        return -1;
    }
    return 0;
}

void ctf_walk_free(struct ctf_walk *walk) {
    free(walk->kept);
    free(walk->dropped);
    memset(walk, 0, sizeof *walk);
}

int ctf_walk_write(const struct ctf_walk *walk, const struct ctf_source *source,
    int (*write)(void *context, const void *bytes, size_t size), void *context) {
    enum { chunk_size = 1 << 16 };
    uint8_t *chunk = malloc(chunk_size);
    if (chunk == NULL) return -1;
    int status = 0;
    for (size_t index = 0; index < walk->kept_count && status == 0; index++) {
        const struct ctf_kept_packet *packet = &walk->kept[index];
        for (uint64_t done = 0; done < packet->bytes && status == 0;) {
            size_t size = packet->bytes - done < chunk_size ? (size_t)(packet->bytes - done) : chunk_size;
            size_t got = 0;
            while (got < size) {
                long long count = source->read(source->context, packet->offset + done + got, chunk + got, size - got);
                if (count <= 0) {
                    if (count == 0) errno = EIO; /* the file shrank since it was walked */
                    status = -1;
                    break;
                }
                got += (size_t)count;
            }
            if (status != 0) break;
            /* The first chunk holds the header and context (CTF_MAX_CONTEXT_BYTES at most). */
            const struct ctf_field *seq = &packet->stream->fields[CTF_PACKET_SEQ_NUM];
            if (done == 0 && packet->has_seq && packet->renumbered != packet->seq) ctf_field_write(chunk, seq, packet->renumbered);
            if (write(context, chunk, size) != 0) status = -2;
            done += size;
        }
    }
    free(chunk);
    return status;
}
