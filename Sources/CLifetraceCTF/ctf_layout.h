/*
 * What the packet checker knows of a CTF trace (CLifetraceCTF's internal header): the metadata
 * decoded to TSDL text, and from that text the places of the packet header's and packet context's
 * fields that say where a packet ends and what it holds (ctf_metadata.c), and the walk over one
 * stream's packets that keeps the sound ones (ctf_packets.c).
 *
 * Nothing here calls libbabeltrace2: these files run before it sees a trace, and tools/fuzz builds
 * them alone.
 */
#ifndef LIFETRACE_CTF_LAYOUT_H
#define LIFETRACE_CTF_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

/* A problem met, with the byte of the file it concerns. */
struct ctf_problem {
    uint64_t offset;
    char message[320];
};

/* ---- The metadata ----------------------------------------------------------------------------- */

enum ctf_metadata_status {
    CTF_METADATA_OK = 0,
    /* The metadata declares something the checker does not read: it validates nothing. */
    CTF_METADATA_UNSUPPORTED = 1,
    /* The metadata is cut or corrupt: the trace cannot be read. */
    CTF_METADATA_BAD = 2,
};

/* The metadata's TSDL text, and where each piece of it lies in the file. */
struct ctf_metadata {
    char *text;
    size_t text_size;
    /* Text offset -> file offset: piece i starts at text_start[i] and lies at file_start[i]. */
    size_t piece_count;
    uint64_t *text_start;
    uint64_t *file_start;
};

/* Decodes a metadata file: LTTng's packetized form (each packet a header with magic 0x75D11D57,
 * then TSDL text and padding) or plain TSDL text. A packet cut short, or with an impossible header,
 * is CTF_METADATA_BAD with the file offset in `problem`. */
enum ctf_metadata_status ctf_metadata_decode(const uint8_t *data, size_t size, struct ctf_metadata *metadata,
    struct ctf_problem *problem);

void ctf_metadata_free(struct ctf_metadata *metadata);

/* The file offset of a text offset. */
uint64_t ctf_metadata_file_offset(const struct ctf_metadata *metadata, uint64_t text_offset);

/* The packet header's and context's fields the checker reads. */
enum ctf_role {
    CTF_MAGIC,
    CTF_UUID,
    CTF_STREAM_ID,
    CTF_STREAM_INSTANCE_ID,
    CTF_TIMESTAMP_BEGIN,
    CTF_TIMESTAMP_END,
    CTF_CONTENT_SIZE,
    CTF_PACKET_SIZE,
    CTF_PACKET_SEQ_NUM,
    CTF_EVENTS_DISCARDED,
    CTF_ROLES
};

/* The field names, indexed by role. */
extern const char *const ctf_role_names[CTF_ROLES];

/* Where a field lies in a packet: whole bytes at a whole byte (or the checker does not read it). */
struct ctf_field {
    int present;
    uint32_t byte_offset; /* from the packet's first byte */
    uint32_t bytes;       /* 1 to 8; the uuid: 16 */
    int big_endian;
    int clock;            /* the clock its value maps to, or -1 */
};

struct ctf_clock {
    char name[64];
    uint64_t frequency;
    int64_t offset_seconds;
    int64_t offset_cycles;
};

/* A stream class: the header's fields, then its packet context's. */
struct ctf_stream_class {
    uint64_t id;
    struct ctf_field fields[CTF_ROLES];
    uint32_t context_end; /* bytes of header and context: the least a packet holds */
};

/* The packet layouts the metadata declares. */
struct ctf_layout {
    int big_endian;
    int has_uuid;
    uint8_t uuid[16];
    int has_stream_id; /* the header has a stream_id: else there is exactly one stream class */
    size_t stream_count;
    struct ctf_stream_class *streams;
    size_t clock_count;
    struct ctf_clock clocks[16];
    /* A name the text uses without declaring it (outside the packet layouts, which it does not
     * concern): babeltrace2 will refuse the metadata, so the reader says where. */
    int has_note;
    struct ctf_problem note;
};

/* The most bytes of header and context the checker reads per packet. */
#define CTF_MAX_CONTEXT_BYTES 4096

/* Reads the layouts from the metadata's text: CTF_METADATA_UNSUPPORTED says in `problem` what the
 * checker does not read; CTF_METADATA_BAD is text cut inside a comment, string or block. */
enum ctf_metadata_status ctf_layout_parse(const struct ctf_metadata *metadata, struct ctf_layout *layout,
    struct ctf_problem *problem);

void ctf_layout_free(struct ctf_layout *layout);

/* The stream class of an id, or NULL. */
const struct ctf_stream_class *ctf_layout_stream(const struct ctf_layout *layout, uint64_t id);

/* ---- One stream's packets --------------------------------------------------------------------- */

/* Reads `size` bytes at `offset` into `buffer`: returns the bytes read (fewer at the end), or -1
 * with errno set. */
struct ctf_source {
    void *context;
    long long (*read)(void *context, uint64_t offset, void *buffer, size_t size);
    uint64_t size;
};

/* A packet kept. */
struct ctf_kept_packet {
    uint64_t offset;
    uint64_t bytes;
    const struct ctf_stream_class *stream;
    int has_seq;
    uint64_t seq;         /* packet_seq_num as the file has it */
    uint64_t renumbered;  /* as the sanitized copy writes it: the packets dropped leave no gap */
    /* What the index, if any, should say of it. */
    uint64_t content_bits;
    uint64_t begin, end, discarded, stream_id, instance_id;
    unsigned char has[CTF_ROLES];
};

/* A stretch of the file dropped: one packet, or bytes that hold none. */
struct ctf_dropped_packet {
    uint64_t offset;
    uint64_t bytes;
    char why[320];
};

struct ctf_walk {
    struct ctf_kept_packet *kept;
    size_t kept_count;
    struct ctf_dropped_packet *dropped;
    size_t dropped_count;
    /* The source could not be read (errno), at `failed_offset`: the rest is dropped. */
    int read_errno;
    uint64_t failed_offset;
};

/* Walks the packets of `source`: every packet whose header and context are possible and agree
 * with the packets around it is kept; the others are dropped, each with the reason. Returns 0, or
 * -1 when memory ran out. */
int ctf_walk_stream(const struct ctf_layout *layout, const struct ctf_source *source, struct ctf_walk *walk);

void ctf_walk_free(struct ctf_walk *walk);

/* Writes the kept packets of `source` through `write` (which returns 0, or -1 with errno set), each
 * with its renumbered packet_seq_num. Returns 0; -1 when the source cannot be read, -2 when
 * `write` failed (errno set either way). */
int ctf_walk_write(const struct ctf_walk *walk, const struct ctf_source *source,
    int (*write)(void *context, const void *bytes, size_t size), void *context);

/* Writes `value` into the field `field` of a packet whose first bytes are `packet`. */
void ctf_field_write(uint8_t *packet, const struct ctf_field *field, uint64_t value);


/* ---- The metadata's types (what the decoder compiles; lifetrace_ctf_decoder.h) -------------------------- */

/* The checker places integers, structures and arrays; the other kinds are parsed in full for the
 * decoder, and the checker reports them as `what` ("a string") where it cannot place them. */
enum ctf_type_kind {
    CTF_TYPE_INTEGER, CTF_TYPE_STRUCT, CTF_TYPE_ARRAY, CTF_TYPE_OTHER,
    CTF_TYPE_ENUM, CTF_TYPE_FLOAT, CTF_TYPE_STRING, CTF_TYPE_SEQUENCE, CTF_TYPE_VARIANT,
};
enum ctf_byte_order { CTF_ORDER_TRACE = 0, CTF_ORDER_LITTLE = 1, CTF_ORDER_BIG = 2 };
/* An integer's `encoding`: arrays and sequences of 8-bit integers encoded as text are strings. */
enum ctf_encoding { CTF_ENCODING_NONE = 0, CTF_ENCODING_TEXT = 1 };

struct ctf_member;

/* An enumeration's label: the values `low` to `high` (signed when the container is). */
struct ctf_mapping {
    const char *label;
    int64_t low, high;
};

struct ctf_type {
    enum ctf_type_kind kind;
    /* integers (and an enumeration's container, copied into it) */
    uint32_t bits;
    uint32_t align;     /* bits; every kind */
    enum ctf_byte_order order;
    char clock[64];     /* `map = clock.NAME.value` */
    int is_signed;
    enum ctf_encoding encoding;
    /* structures, and a variant's options */
    struct ctf_member *members;
    size_t member_count;
    /* arrays and sequences */
    const struct ctf_type *element;
    uint64_t length;
    /* sequences: the length field's name; variants: the tag's (as the text spells them, dotted) */
    const char *path;
    /* enumerations */
    struct ctf_mapping *mappings;
    size_t mapping_count;
    /* floating-point numbers */
    uint32_t exponent_digits, mantissa_digits;
    /* what it is, for messages ("a string") */
    const char *what;
    /* measure()'s answer, once known (1 placed, -1 not), so a type used many times is measured once. */
    int measured;
    uint64_t measured_align, measured_bits;
    const char *measured_what;
};

struct ctf_member {
    char name[64];
    const struct ctf_type *type;
};

/* An event class: `event { name = …; id = …; stream_id = …; context := …; fields := …; }`. */
struct ctf_event_declaration {
    const char *name;
    int has_id, has_stream_id;
    uint64_t id, stream_id;
    const struct ctf_type *context; /* NULL: none */
    const struct ctf_type *fields;  /* NULL: none */
};

/* A stream class's types. */
struct ctf_stream_declaration {
    int has_id;
    uint64_t id;
    const struct ctf_type *packet_context; /* each NULL when absent */
    const struct ctf_type *event_header;
    const struct ctf_type *event_context;
};

/* Everything the metadata declares: the packet layouts (as ctf_layout_parse gives them) and the
 * types of every stream and event class. The types live until ctf_schema_free. */
struct ctf_schema {
    struct ctf_layout layout;
    int big_endian;                       /* the trace's byte order */
    const struct ctf_type *packet_header; /* NULL: none */
    size_t stream_count;
    struct ctf_stream_declaration *streams;
    size_t event_count;
    struct ctf_event_declaration *events;
    const char *hostname;                 /* the env block's `hostname` (NULL: none), in `memory` */
    void *memory;                         /* the types' arena (private) */
};

/* Reads the whole metadata: CTF_METADATA_UNSUPPORTED says in `problem` what it does not read. */
enum ctf_metadata_status ctf_schema_parse(const struct ctf_metadata *metadata, struct ctf_schema *schema,
    struct ctf_problem *problem);

void ctf_schema_free(struct ctf_schema *schema);

#endif /* LIFETRACE_CTF_LAYOUT_H */
