/*
 * The project's own CTF 1.8 decoder (lifetrace_ctf_decoder.h): reads LTTng-UST 2.13 traces without
 * libbabeltrace2 (docs/ctf-decoder.md).
 *
 * Opening a trace: ctf_metadata.c parses the metadata into types (ctf_schema_parse); here every
 * stream class's event header and event context, and every event class's context and payload, are
 * compiled into flat arrays of `struct op`. An op reads one field (an integer of any size, alignment
 * and byte order; a floating-point number; a string; a text array) or steers the walk (alignment,
 * loops over arrays and sequences, a jump into a variant's option). Where a field of a `lifetrace:*`
 * event is one of the record's members (event_names.h), its op holds that member's byte offset in
 * `struct lifetrace_ctf_record`, so decoding an event writes the record in place: no allocation, no
 * name lookup, no call per field. A field a sequence's length or a variant's tag refers to is saved
 * in a register. Integers mapped to a clock update the stream's clock as CTF 1.8 says (the low N
 * bits replaced, a wrap when they went back), and the event header's `id` fields set the event's
 * class (the last one read wins: the extended header's `id` after the compact one's).
 *
 * Reading: each stream file is mapped whole; a cursor walks its packets (header and context give
 * the content and packet sizes in bits) and decodes one event at a time; the cursors sit in a heap
 * ordered by their next event's time (nanoseconds from the clock's origin), so the streams are
 * merged in timestamp order.
 *
 * Safety: every op checks that its bits lie within the packet's content (content_size), and every
 * packet that it lies within the mapped file; a string is searched for its NUL within the content;
 * loops are bounded by the bits left (an element of no bits is refused); an event of no bits is
 * corruption. So a corrupt trace gives an error, never a read out of the mapping or a hang.
 */
#define _DEFAULT_SOURCE /* mmap, dirent's d_type (feature macros before any header) */
#include "lifetrace_ctf_decoder.h"
#include "ctf_layout.h"
#include "event_names.h"
#include "record_partition.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- Ops -------------------------------------------------------------------------------------- */

enum op_kind {
    OP_END,
    OP_ALIGN,       /* align to `align` bits */
    OP_INT_BYTES,   /* a whole-byte little-endian integer of 1, 2, 4 or 8 bytes at a whole byte: the common case */
    OP_INT_BITS,    /* any other integer */
    OP_FLOAT32,
    OP_FLOAT64,
    OP_STRING,      /* NUL-terminated */
    OP_TEXT,        /* a text array (`length` bytes) or sequence (`source` register bytes) */
    OP_SKIP,        /* `length` elements (or `source` register's) of `stride` bits each */
    OP_LOOP,        /* `length` (or `source` register's) times the next `count` ops, then OP_LOOP_END */
    OP_LOOP_END,
    OP_VARIANT,     /* the `source` register's value selects cases[case_first .. + case_count] */
    OP_JUMP,        /* to op `target` */
    OP_LTTNG_HEADER, /* LTTng's compact or large event header, whole: below */
    /* An OP_INT_BYTES that keeps its value in no register and sets neither the clock nor the class
     * id (most fields), by size and signedness: its value is only stored (specialize()). */
    OP_U8, OP_I8, OP_U16, OP_I16, OP_U32, OP_I32, OP_64,
};

enum {
    OPF_SIGNED = 1,
    OPF_BIG = 2,
    OPF_CLOCK = 4,     /* updates the stream's clock */
    OPF_EVENT_ID = 8,  /* sets the event's class id */
};

enum dest_kind { DEST_NONE, DEST_INTEGER, DEST_REAL, DEST_STRING };

struct op {
    uint8_t kind;
    uint8_t flags;
    uint8_t dest_kind;
    uint8_t bits;       /* integers and floats: 1 to 64 */
    uint32_t align;     /* bits, a power of two */
    int32_t dest;       /* byte offset in the record, or -1 */
    int16_t reg;        /* the register the value is saved into, or -1 */
    int16_t source;     /* the register of a sequence's length or a variant's tag, or -1 */
    uint32_t count;     /* loops: the body's ops; variants: cases */
    uint32_t target;    /* jumps: the op to go on with; variants: first case */
    uint64_t length;    /* arrays: elements; OP_SKIP: stride in bits in `stride` */
    uint64_t stride;
};

/* A variant's case: the tag values low..high select the option whose ops start at `target`. */
struct variant_case {
    int64_t low, high;
    uint32_t target;
};

struct program {
    struct op *ops;
    size_t count, capacity;
};

#define MAX_REGISTERS 64
#define MAX_LOOP_DEPTH 8
#define SCRATCH_BYTES 4096

/* An event class, compiled. */
struct event_class {
    int declared;
    int relevant;           /* a `lifetrace:*` event the record is made of */
    int needs_hook_name;    /* `lifetrace:event*`: no hook name, no record */
    int frame;              /* x, y, width and height are read */
    int has_offset_x, has_offset_y;
    struct lifetrace_ctf_record template; /* the members absent from the class, the hook and phase */
    struct program program; /* the event's context, then its payload */
};

struct stream_class {
    uint64_t id;
    const struct ctf_stream_class *layout;
    struct program header;
    struct event_class *by_id; /* indexed by event id */
    size_t id_count;
    int clock;              /* the clock of its timestamps, or -1 */
    uint64_t frequency;
    uint64_t offset_ns;     /* the clock's origin, from the epoch, for merging traces */
};

struct trace {
    struct ctf_schema schema;
    struct stream_class *streams; /* parallel to schema.layout.streams (sorted by id) */
    size_t stream_count;
    struct variant_case *cases;
    size_t case_count, case_capacity;
};

struct cursor {
    const struct trace *trace;
    const char *path;
    const uint8_t *data;   /* the mapped file (or the caller's bytes); `size` bytes */
    int mapped;
    size_t size;
    uint64_t released;     /* the mapping's first bytes given back (MADV_DONTNEED), page-aligned */
    uint64_t next_packet;  /* byte offset of the packet after the current one */
    const uint8_t *packet; /* the current packet's first byte (within the mapping) */
    uint64_t packet_offset;
    uint64_t bit;          /* the read position, in bits from the packet's first byte */
    uint64_t content_bits; /* the packet's content: every read lies below */
    const struct stream_class *stream;
    uint64_t clock;        /* the stream's clock value, in cycles */
    uint64_t clock_end;    /* the packet's timestamp_end (UINT64_MAX: none): no event lies after */
    uint64_t event_id;
    int has_discarded, has_seq;
    uint64_t discarded, seq;
    int ended;
    uint64_t key;          /* the next event's time from the clock's origin (ns), for the heap */
    size_t index;          /* the cursor's rank, to order equal times */
    int has_record;
    uint64_t regs[MAX_REGISTERS];
    size_t scratch_used;
    struct lifetrace_ctf_record record;
    char scratch[SCRATCH_BYTES];
};

struct ctf_decoder {
    struct lifetrace_ctf_callbacks callbacks;
    struct trace *traces;
    size_t trace_count;
    struct cursor **cursors; /* every stream file's */
    size_t cursor_count;
    struct cursor **heap;    /* the cursors with a record, ordered by key */
    size_t heap_count;
    uint64_t events;
    int started;
    struct record_partition partition; /* the share of the records delivered (zero: every record) */
};

__attribute__((format(printf, 3, 4)))
static void say(char *error, size_t size, const char *format, ...) {
    if (error == NULL || size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, size, format, arguments);
    va_end(arguments);
}

/* ---- Compiling -------------------------------------------------------------------------------- */

struct symbol {
    const char *name;
    const struct ctf_type *type;
    size_t op;             /* the op that reads it */
};

struct compiler {
    struct trace *trace;
    struct program *program;
    struct symbol symbols[512];
    size_t symbol_count;
    int reg_base, reg_count;
    int loop_depth;
    int mode;              /* what its fields mean: below */
    struct event_class *class;
    char *error;
    size_t error_size;
    int unsupported;       /* 1: the error says what is unsupported; else memory */
};

enum { MODE_PLAIN, MODE_HEADER, MODE_STREAM_CONTEXT, MODE_PAYLOAD };

static int unsupported(struct compiler *compiler, const char *format, const char *what) {
    char message[256];
    snprintf(message, sizeof message, format, what);
    say(compiler->error, compiler->error_size, "unsupported: %s", message);
    compiler->unsupported = 1;
    return 0;
}

static int memory(struct compiler *compiler) {
    say(compiler->error, compiler->error_size, "out of memory");
    compiler->unsupported = 0;
    return 0;
}

static struct op *emit(struct compiler *compiler, enum op_kind kind) {
    struct program *program = compiler->program;
    if (program->count == program->capacity) {
        size_t grown = program->capacity ? program->capacity * 2 : 16;
        struct op *more = realloc(program->ops, grown * sizeof *more);
        if (more == NULL) {
            memory(compiler);
            return NULL;
        }
        program->ops = more;
        program->capacity = grown;
    }
    struct op *op = &program->ops[program->count++];
    memset(op, 0, sizeof *op);
    op->kind = (uint8_t)kind;
    op->align = 1;
    op->dest = -1;
    op->reg = -1;
    op->source = -1;
    return op;
}

static uint32_t type_align(const struct ctf_type *type, int depth) {
    if (depth > 64) return 1;
    switch (type->kind) {
    case CTF_TYPE_INTEGER: case CTF_TYPE_ENUM: case CTF_TYPE_FLOAT: return type->align ? type->align : 1;
    case CTF_TYPE_STRING: return 8;
    case CTF_TYPE_ARRAY: case CTF_TYPE_SEQUENCE: return type_align(type->element, depth + 1);
    case CTF_TYPE_STRUCT: {
        uint32_t align = type->align ? type->align : 1;
        for (size_t index = 0; index < type->member_count; index++) {
            uint32_t member = type_align(type->members[index].type, depth + 1);
            if (member > align) align = member;
        }
        return align;
    }
    default: return 1;
    }
}

static int is_integer(const struct ctf_type *type) {
    return type->kind == CTF_TYPE_INTEGER || type->kind == CTF_TYPE_ENUM;
}

static int is_text(const struct ctf_type *type) {
    return (type->kind == CTF_TYPE_ARRAY || type->kind == CTF_TYPE_SEQUENCE) && is_integer(type->element)
        && type->element->encoding == CTF_ENCODING_TEXT && type->element->bits == 8 && type->element->align <= 8;
}

/* A name as babeltrace2 shows it: TSDL's leading underscore dropped. */
static const char *plain_name(const char *name) { return name[0] == '_' ? name + 1 : name; }

/* The register holding the field `path` names (a sibling or an earlier field; a dotted path is
 * matched by its last name), allocated on first reference; -1 with the error set when none. */
static int resolve(struct compiler *compiler, const char *path, const struct ctf_type **type) {
    if (path == NULL) return unsupported(compiler, "%s", "a sequence length or variant tag the decoder does not read"), -1;
    const char *last = strrchr(path, '.');
    last = last ? last + 1 : path;
    for (size_t index = compiler->symbol_count; index-- > 0;) {
        const struct symbol *symbol = &compiler->symbols[index];
        if (strcmp(symbol->name, last) != 0 && strcmp(plain_name(symbol->name), plain_name(last)) != 0) continue;
        struct op *op = &compiler->program->ops[symbol->op];
        if (op->reg < 0) {
            if (compiler->reg_base + compiler->reg_count >= MAX_REGISTERS) {
                unsupported(compiler, "%s", "more sequence lengths and variant tags than the decoder keeps");
                return -1;
            }
            op->reg = (int16_t)(compiler->reg_base + compiler->reg_count++);
        }
        *type = symbol->type;
        return op->reg;
    }
    unsupported(compiler, "the field `%s` a sequence or variant refers to", path);
    return -1;
}

static int compile_type(struct compiler *compiler, const struct ctf_type *type, const char *name, int slot, int depth);

static int compile_integer(struct compiler *compiler, const struct ctf_type *type, const char *name, int slot) {
    if (type->bits < 1 || type->bits > 64) return unsupported(compiler, "an integer of %s bits", "other than 1 to 64");
    enum ctf_byte_order order = type->order == CTF_ORDER_TRACE
        ? (compiler->trace->schema.big_endian ? CTF_ORDER_BIG : CTF_ORDER_LITTLE) : type->order;
    int whole = (type->bits == 8 || type->bits == 16 || type->bits == 32 || type->bits == 64) && type->align >= 8
        && order == CTF_ORDER_LITTLE;
    struct op *op = emit(compiler, whole ? OP_INT_BYTES : OP_INT_BITS);
    if (op == NULL) return 0;
    op->bits = (uint8_t)type->bits;
    op->align = type->align ? type->align : 1;
    op->flags = (uint8_t)((type->is_signed ? OPF_SIGNED : 0) | (order == CTF_ORDER_BIG ? OPF_BIG : 0));
    if (type->clock[0] != '\0') {
        op->flags |= OPF_CLOCK;
    }
    if (compiler->mode == MODE_HEADER && strcmp(plain_name(name), "id") == 0) op->flags |= OPF_EVENT_ID;
    if (slot >= 0) {
        op->dest_kind = DEST_INTEGER;
        /* Every integer member is 64 bits wide (int64_t or uint64_t): the value is stored as such. */
        static const int32_t offsets[ALL_SLOTS] = {
            [SLOT_SEQ] = offsetof(struct lifetrace_ctf_record, seq),
            [SLOT_ID] = offsetof(struct lifetrace_ctf_record, id),
            [SLOT_TARGET_ID] = offsetof(struct lifetrace_ctf_record, target_id),
            [SLOT_ANIMATED] = offsetof(struct lifetrace_ctf_record, animated),
            [SLOT_INDEX] = offsetof(struct lifetrace_ctf_record, index),
            [SLOT_COUNT] = offsetof(struct lifetrace_ctf_record, count),
            [SLOT_LEVEL] = offsetof(struct lifetrace_ctf_record, level),
            [SLOT_SPAN_ID] = offsetof(struct lifetrace_ctf_record, span_id),
            [SLOT_TRACE_HIGH] = offsetof(struct lifetrace_ctf_record, trace_id_high),
            [SLOT_TRACE_LOW] = offsetof(struct lifetrace_ctf_record, trace_id_low),
            [SLOT_PARENT_ID] = offsetof(struct lifetrace_ctf_record, parent_id),
            [SLOT_KIND] = offsetof(struct lifetrace_ctf_record, kind),
            [SLOT_SUPERVIEW_ID] = offsetof(struct lifetrace_ctf_record, superview_id),
            [SLOT_LINE] = offsetof(struct lifetrace_ctf_record, line),
            [SLOT_VTID] = offsetof(struct lifetrace_ctf_record, vtid),
            [SLOT_VPID] = offsetof(struct lifetrace_ctf_record, vpid),
        };
        op->dest = offsets[slot];
    }
    if (compiler->symbol_count < sizeof compiler->symbols / sizeof compiler->symbols[0]) {
        struct symbol *symbol = &compiler->symbols[compiler->symbol_count++];
        symbol->name = name;
        symbol->type = type;
        symbol->op = compiler->program->count - 1;
    }
    return 1;
}

static int32_t string_offset(int slot) {
    switch (slot) {
    case SLOT_HOOK: return offsetof(struct lifetrace_ctf_record, hook_name);
    case SLOT_CONTROLLER: return offsetof(struct lifetrace_ctf_record, controller);
    case SLOT_TARGET: return offsetof(struct lifetrace_ctf_record, target);
    case SLOT_TEXT: return offsetof(struct lifetrace_ctf_record, text);
    case SLOT_SOURCE: return offsetof(struct lifetrace_ctf_record, source);
    case SLOT_METADATA: return offsetof(struct lifetrace_ctf_record, metadata);
    case SLOT_FILE: return offsetof(struct lifetrace_ctf_record, file);
    case SLOT_FUNCTION: return offsetof(struct lifetrace_ctf_record, function);
    case SLOT_ATTRIBUTES: return offsetof(struct lifetrace_ctf_record, attributes);
    case SLOT_STATUS: return offsetof(struct lifetrace_ctf_record, status);
    case SLOT_ERRORS: return offsetof(struct lifetrace_ctf_record, errors);
    case SLOT_LINKS: return offsetof(struct lifetrace_ctf_record, links);
    case SLOT_PROCNAME: return offsetof(struct lifetrace_ctf_record, procname);
    default: return -1;
    }
}

static int32_t real_offset(int slot) {
    switch (slot) {
    case SLOT_X: return offsetof(struct lifetrace_ctf_record, x);
    case SLOT_Y: return offsetof(struct lifetrace_ctf_record, y);
    case SLOT_WIDTH: return offsetof(struct lifetrace_ctf_record, width);
    case SLOT_HEIGHT: return offsetof(struct lifetrace_ctf_record, height);
    case SLOT_OFFSET_X: return offsetof(struct lifetrace_ctf_record, offset_x);
    case SLOT_OFFSET_Y: return offsetof(struct lifetrace_ctf_record, offset_y);
    default: return -1;
    }
}

/* An array or a sequence: skipped at once when its elements have one size, else a loop. */
static int compile_list(struct compiler *compiler, const struct ctf_type *type, const char *name, int slot, int depth) {
    int source = -1;
    if (type->kind == CTF_TYPE_SEQUENCE) {
        const struct ctf_type *length_type = NULL;
        source = resolve(compiler, type->path, &length_type);
        if (source < 0) return 0;
        if (length_type->is_signed) return unsupported(compiler, "%s", "a sequence whose length is signed");
    }
    const struct ctf_type *element = type->element;
    if (is_text(type)) {
        struct op *op = emit(compiler, OP_TEXT);
        if (op == NULL) return 0;
        op->align = element->align ? element->align : 1;
        op->length = type->length;
        op->source = (int16_t)source;
        if (slot >= 0) {
            op->dest_kind = DEST_STRING;
            op->dest = string_offset(slot);
        }
        return 1;
    }
    if (is_integer(element) || element->kind == CTF_TYPE_FLOAT) {
        uint32_t align = element->align ? element->align : 1;
        if (element->bits == 0) return unsupported(compiler, "%s", "an array of elements of no bits");
        struct op *op = emit(compiler, OP_SKIP);
        if (op == NULL) return 0;
        op->align = align;
        op->length = type->length;
        op->source = (int16_t)source;
        op->stride = ((uint64_t)element->bits + align - 1) / align * align;
        return 1;
    }
    if (compiler->loop_depth >= MAX_LOOP_DEPTH) return unsupported(compiler, "%s", "arrays nested too deep");
    size_t loop = compiler->program->count;
    struct op *op = emit(compiler, OP_LOOP);
    if (op == NULL) return 0;
    op->length = type->length;
    op->source = (int16_t)source;
    op->align = type_align(element, 0);
    compiler->loop_depth++;
    if (!compile_type(compiler, element, name, -1, depth + 1)) return 0;
    compiler->loop_depth--;
    if (emit(compiler, OP_LOOP_END) == NULL) return 0;
    compiler->program->ops[loop].count = (uint32_t)(compiler->program->count - loop - 2);
    return 1;
}

static int add_case(struct compiler *compiler, int64_t low, int64_t high, uint32_t target) {
    struct trace *trace = compiler->trace;
    if (trace->case_count == trace->case_capacity) {
        size_t grown = trace->case_capacity ? trace->case_capacity * 2 : 16;
        struct variant_case *more = realloc(trace->cases, grown * sizeof *more);
        if (more == NULL) return memory(compiler);
        trace->cases = more;
        trace->case_capacity = grown;
    }
    trace->cases[trace->case_count++] = (struct variant_case){low, high, target};
    return 1;
}

static int compile_variant(struct compiler *compiler, const struct ctf_type *type, int depth) {
    const struct ctf_type *tag = NULL;
    int source = resolve(compiler, type->path, &tag);
    if (source < 0) return 0;
    if (tag->kind != CTF_TYPE_ENUM) return unsupported(compiler, "%s", "a variant whose tag is no enumeration");
    size_t variant = compiler->program->count;
    if (emit(compiler, OP_VARIANT) == NULL) return 0;
    size_t first_case = compiler->trace->case_count;
    size_t *jumps = calloc(type->member_count ? type->member_count : 1, sizeof *jumps);
    if (jumps == NULL) return memory(compiler);
    for (size_t option = 0; option < type->member_count; option++) {
        const struct ctf_member *member = &type->members[option];
        uint32_t start = (uint32_t)compiler->program->count;
        for (size_t mapping = 0; mapping < tag->mapping_count; mapping++) {
            const char *label = tag->mappings[mapping].label;
            if (strcmp(label, member->name) != 0 && strcmp(plain_name(label), plain_name(member->name)) != 0) continue;
            if (!add_case(compiler, tag->mappings[mapping].low, tag->mappings[mapping].high, start)) {
                free(jumps);
                return 0;
            }
        }
        if (!compile_type(compiler, member->type, member->name, -1, depth + 1)) {
            free(jumps);
            return 0;
        }
        jumps[option] = compiler->program->count;
        if (emit(compiler, OP_JUMP) == NULL) {
            free(jumps);
            return 0;
        }
    }
    uint32_t end = (uint32_t)compiler->program->count;
    for (size_t option = 0; option < type->member_count; option++) compiler->program->ops[jumps[option]].target = end;
    free(jumps);
    struct op *op = &compiler->program->ops[variant];
    op->source = (int16_t)source;
    op->flags = tag->is_signed ? OPF_SIGNED : 0;
    op->target = (uint32_t)first_case;
    op->count = (uint32_t)(compiler->trace->case_count - first_case);
    return 1;
}

/* The slot a payload's or context's top-level member fills, or -1. */
static int slot_of(const struct compiler *compiler, const char *name, const struct ctf_type *type) {
    int first, last;
    if (compiler->mode == MODE_PAYLOAD) {
        first = 0;
        last = PAYLOAD_SLOTS;
    } else if (compiler->mode == MODE_STREAM_CONTEXT) {
        first = PAYLOAD_SLOTS;
        last = ALL_SLOTS;
    } else {
        return -1;
    }
    const char *plain = plain_name(name);
    int found = -1;
    for (int slot = first; slot < last; slot++) {
        if (strcmp(plain, lifetrace_slot_names[slot]) != 0) continue;
        int wants = lifetrace_slot_wants(slot);
        int fits = wants == SLOT_WANTS_STRING ? (type->kind == CTF_TYPE_STRING || is_text(type))
            : wants == SLOT_WANTS_REAL ? type->kind == CTF_TYPE_FLOAT : is_integer(type);
        if (fits) found = slot;
    }
    /* A hook's own tracepoints name their hook: a `hook` field is not read (the reader's rule). */
    if (found == SLOT_HOOK && (compiler->class == NULL || compiler->class->template.hook >= 0)) found = -1;
    return found;
}

static int compile_type(struct compiler *compiler, const struct ctf_type *type, const char *name, int slot, int depth) {
    if (depth > 32) return unsupported(compiler, "%s", "types nested too deep");
    switch (type->kind) {
    case CTF_TYPE_INTEGER:
    case CTF_TYPE_ENUM:
        return compile_integer(compiler, type, name, slot);
    case CTF_TYPE_FLOAT: {
        int single = type->exponent_digits == 8 && type->mantissa_digits == 24;
        int twice = type->exponent_digits == 11 && type->mantissa_digits == 53;
        enum ctf_byte_order order = type->order == CTF_ORDER_TRACE
            ? (compiler->trace->schema.big_endian ? CTF_ORDER_BIG : CTF_ORDER_LITTLE) : type->order;
        if ((!single && !twice) || type->align < 8 || order != CTF_ORDER_LITTLE) {
            return unsupported(compiler, "%s", "a floating-point number other than a little-endian float or double at a whole byte");
        }
        struct op *op = emit(compiler, single ? OP_FLOAT32 : OP_FLOAT64);
        if (op == NULL) return 0;
        op->bits = single ? 32 : 64;
        op->align = type->align;
        if (slot >= 0) {
            op->dest_kind = DEST_REAL;
            op->dest = real_offset(slot);
        }
        return 1;
    }
    case CTF_TYPE_STRING: {
        struct op *op = emit(compiler, OP_STRING);
        if (op == NULL) return 0;
        op->align = 8;
        if (slot >= 0) {
            op->dest_kind = DEST_STRING;
            op->dest = string_offset(slot);
        }
        return 1;
    }
    case CTF_TYPE_ARRAY:
    case CTF_TYPE_SEQUENCE:
        return compile_list(compiler, type, name, slot, depth);
    case CTF_TYPE_STRUCT: {
        uint32_t align = type_align(type, 0);
        if (align > 1) {
            struct op *op = emit(compiler, OP_ALIGN);
            if (op == NULL) return 0;
            op->align = align;
        }
        for (size_t index = 0; index < type->member_count; index++) {
            const struct ctf_member *member = &type->members[index];
            int member_slot = depth == 0 ? slot_of(compiler, member->name, member->type) : -1;
            if (!compile_type(compiler, member->type, member->name, member_slot, depth + 1)) return 0;
            if (member_slot >= 0 && compiler->class != NULL) {
                /* The class reads this member: absent members keep the template's values. */
                if (member_slot == SLOT_X || member_slot == SLOT_Y || member_slot == SLOT_WIDTH || member_slot == SLOT_HEIGHT) {
                    compiler->class->frame |= 1 << (member_slot - SLOT_X);
                }
                if (member_slot == SLOT_OFFSET_X) compiler->class->has_offset_x = 1;
                if (member_slot == SLOT_OFFSET_Y) compiler->class->has_offset_y = 1;
            }
        }
        return 1;
    }
    case CTF_TYPE_VARIANT:
        return compile_variant(compiler, type, depth);
    default:
        return unsupported(compiler, "%s", type->what ? type->what : "a type the decoder does not read");
    }
}

/* A member of `structure` by name (TSDL's leading underscore aside), or NULL. */
static const struct ctf_type *member_named(const struct ctf_type *structure, const char *name) {
    if (structure == NULL || structure->kind != CTF_TYPE_STRUCT) return NULL;
    for (size_t index = 0; index < structure->member_count; index++) {
        if (strcmp(plain_name(structure->members[index].name), name) == 0) return structure->members[index].type;
    }
    return NULL;
}

/* An unsigned little-endian integer of `bits` bits, mapped to a clock or not, whole-byte aligned
 * when it is whole bytes. */
static int is_plain_integer(const struct ctf_type *type, uint32_t bits, int clock) {
    return type != NULL && type->kind == CTF_TYPE_INTEGER && type->bits == bits && !type->is_signed
        && type->order != CTF_ORDER_BIG && (type->clock[0] != '\0') == clock && (bits % 8 != 0 || type->align % 8 == 0);
}

/* LTTng's event headers, matched whole so that one op reads them:
 *   struct { enum : uintN_t { compact = 0 ... M - 1, extended = M } id;
 *            variant <id> { struct { uintK_clock timestamp; } compact;
 *                           struct { uint32_t id; uint64_clock timestamp; } extended; } v; } align(A);
 * with N 5 (K 27, the compact header) or 16 (K 32, the large one), little-endian. The op then
 * holds N in `bits`, M in `target`, K in `length` and the compact timestamp's alignment in
 * `stride`. Anything else is compiled field by field. */
static int match_lttng_header(struct compiler *compiler, const struct ctf_type *header) {
    if (header == NULL || header->kind != CTF_TYPE_STRUCT || header->member_count != 2 || compiler->trace->schema.big_endian) return 0;
    const struct ctf_type *id = header->members[0].type, *variant = header->members[1].type;
    if (strcmp(plain_name(header->members[0].name), "id") != 0 || id->kind != CTF_TYPE_ENUM || id->is_signed
        || id->order == CTF_ORDER_BIG || (id->bits != 5 && id->bits != 16) || id->mapping_count != 2) {
        return 0;
    }
    if (variant->kind != CTF_TYPE_VARIANT || variant->path == NULL || strcmp(plain_name(variant->path), "id") != 0
        || variant->member_count != 2) {
        return 0;
    }
    const struct ctf_mapping *compact = NULL, *extended = NULL;
    for (size_t index = 0; index < 2; index++) {
        if (strcmp(id->mappings[index].label, "compact") == 0) compact = &id->mappings[index];
        if (strcmp(id->mappings[index].label, "extended") == 0) extended = &id->mappings[index];
    }
    if (compact == NULL || extended == NULL || compact->low != 0 || extended->low != extended->high
        || compact->high + 1 != extended->low) {
        return 0;
    }
    const struct ctf_type *compact_type = NULL, *extended_type = NULL;
    for (size_t index = 0; index < 2; index++) {
        if (strcmp(variant->members[index].name, "compact") == 0) compact_type = variant->members[index].type;
        if (strcmp(variant->members[index].name, "extended") == 0) extended_type = variant->members[index].type;
    }
    if (compact_type == NULL || extended_type == NULL || compact_type->kind != CTF_TYPE_STRUCT
        || extended_type->kind != CTF_TYPE_STRUCT || compact_type->member_count != 1 || extended_type->member_count != 2) {
        return 0;
    }
    uint32_t compact_bits = id->bits == 5 ? 27 : 32;
    const struct ctf_type *timestamp = member_named(compact_type, "timestamp");
    if (!is_plain_integer(timestamp, compact_bits, 1)) return 0;
    const struct ctf_type *long_id = member_named(extended_type, "id");
    const struct ctf_type *long_timestamp = member_named(extended_type, "timestamp");
    if (strcmp(plain_name(extended_type->members[0].name), "id") != 0
        || !is_plain_integer(long_id, 32, 0) || !is_plain_integer(long_timestamp, 64, 1)
        || long_id->align != 8 || long_timestamp->align != 8 || strcmp(timestamp->clock, long_timestamp->clock) != 0
        || type_align(compact_type, 0) > 8 || type_align(extended_type, 0) > 8) {
        return 0;
    }
    struct op *op = emit(compiler, OP_LTTNG_HEADER);
    if (op == NULL) return -1;
    op->align = type_align(header, 0);
    op->bits = (uint8_t)id->bits;
    op->target = (uint32_t)extended->low;
    op->length = compact_bits;
    op->stride = timestamp->align ? timestamp->align : 1;
    /* For the stream's clock: the timestamp's type. */
    if (compiler->symbol_count < sizeof compiler->symbols / sizeof compiler->symbols[0]) {
        struct symbol *symbol = &compiler->symbols[compiler->symbol_count++];
        symbol->name = "timestamp";
        symbol->type = timestamp;
        symbol->op = compiler->program->count - 1;
    }
    return 1;
}

static int compile_program(struct compiler *compiler, struct program *program, const struct ctf_type *type, int mode) {
    compiler->program = program;
    compiler->mode = mode;
    compiler->symbol_count = 0;
    compiler->loop_depth = 0;
    int matched = mode == MODE_HEADER ? match_lttng_header(compiler, type) : 0;
    if (matched < 0) return 0;
    if (!matched && type != NULL && !compile_type(compiler, type, "", -1, 0)) return 0;
    return emit(compiler, OP_END) != NULL;
}

/* Which members a `lifetrace:*` class has, by name and type (as event_classes.c finds them). */
static void find_slots(const struct compiler *compiler, const struct ctf_type *structure, int mode, int present[ALL_SLOTS]) {
    if (structure == NULL || structure->kind != CTF_TYPE_STRUCT) return;
    struct compiler probe = *compiler;
    probe.mode = mode;
    for (size_t index = 0; index < structure->member_count; index++) {
        int slot = slot_of(&probe, structure->members[index].name, structure->members[index].type);
        if (slot >= 0) present[slot] = 1;
    }
}

static int compile_class(struct compiler *compiler, const struct ctf_event_declaration *declaration,
    const struct ctf_stream_declaration *stream, struct event_class *class, int reg_base) {
    class->declared = 1;
    struct lifetrace_event_kind kind;
    lifetrace_classify_event(declaration->name, &kind);
    int present[ALL_SLOTS] = {0};
    struct lifetrace_ctf_record *record = &class->template;
    memset(record, 0, sizeof *record);
    record->hook = kind.hook;
    compiler->class = class;
    if (kind.relevant) {
        find_slots(compiler, declaration->fields, MODE_PAYLOAD, present);
        find_slots(compiler, stream->event_context, MODE_STREAM_CONTEXT, present);
        if (!present[SLOT_SEQ] || !present[SLOT_CONTROLLER] || (!present[SLOT_ID] && !kind.is_log)
            || (kind.hook < 0 && !present[SLOT_HOOK])) {
            kind.relevant = 0;
        }
    }
    class->relevant = kind.relevant;
    class->needs_hook_name = kind.relevant && kind.hook < 0;
    record->phase = kind.phase;
    record->animated = record->index = record->count = record->level = record->line = record->kind = -1;
    record->vtid = record->vpid = -1;
    record->hostname = compiler->trace->schema.hostname;
    record->x = record->y = record->width = record->height = record->offset_x = record->offset_y = NAN;
    record->has_trace_id = present[SLOT_TRACE_HIGH] && present[SLOT_TRACE_LOW];
    compiler->class = kind.relevant ? class : NULL;
    compiler->reg_base = reg_base;
    compiler->reg_count = 0;
    compiler->program = &class->program;
    compiler->symbol_count = 0;
    compiler->loop_depth = 0;
    /* The stream's event context (each class reads it: one run of ops per event), the event's own
     * context (no record member), then the payload. */
    compiler->mode = MODE_STREAM_CONTEXT;
    if (stream->event_context != NULL && !compile_type(compiler, stream->event_context, "", -1, 0)) return 0;
    compiler->mode = MODE_PLAIN;
    if (declaration->context != NULL && !compile_type(compiler, declaration->context, "", -1, 0)) return 0;
    compiler->mode = kind.relevant ? MODE_PAYLOAD : MODE_PLAIN;
    if (declaration->fields != NULL && !compile_type(compiler, declaration->fields, "", -1, 0)) return 0;
    if (emit(compiler, OP_END) == NULL) return 0;
    /* The frame's four members are read together or not at all (the reader's rule). */
    if (class->frame != 0xF) {
        for (size_t index = 0; index < class->program.count; index++) {
            struct op *op = &class->program.ops[index];
            if (op->dest_kind == DEST_REAL && op->dest != (int32_t)offsetof(struct lifetrace_ctf_record, offset_x)
                && op->dest != (int32_t)offsetof(struct lifetrace_ctf_record, offset_y)) {
                op->dest = -1;
                op->dest_kind = DEST_NONE;
            }
        }
        class->frame = 0;
    }
    return 1;
}

/* Turns each plain whole-byte integer of `program` into the op of its size and signedness, once the
 * program is complete (registers are given to ops as later fields name them). */
static void specialize(struct program *program) {
    for (size_t index = 0; index < program->count; index++) {
        struct op *op = &program->ops[index];
        if (op->kind != OP_INT_BYTES || op->reg >= 0 || (op->flags & (OPF_CLOCK | OPF_EVENT_ID)) != 0) continue;
        int is_signed = (op->flags & OPF_SIGNED) != 0;
        switch (op->bits) {
        case 8: op->kind = is_signed ? OP_I8 : OP_U8; break;
        case 16: op->kind = is_signed ? OP_I16 : OP_U16; break;
        case 32: op->kind = is_signed ? OP_I32 : OP_U32; break;
        default: op->kind = OP_64; break;
        }
    }
}

static int compile_trace(struct trace *trace, char *error, size_t size, int *is_unsupported) {
    struct ctf_schema *schema = &trace->schema;
    struct compiler *compiler = calloc(1, sizeof *compiler);
    if (compiler == NULL) {
        say(error, size, "out of memory");
        return 0;
    }
    compiler->trace = trace;
    compiler->error = error;
    compiler->error_size = size;
    compiler->unsupported = 1;
    int ok = 0;
    trace->stream_count = schema->layout.stream_count;
    trace->streams = calloc(trace->stream_count ? trace->stream_count : 1, sizeof *trace->streams);
    if (trace->streams == NULL) {
        memory(compiler);
        goto done;
    }
    for (size_t index = 0; index < trace->stream_count; index++) {
        struct stream_class *stream = &trace->streams[index];
        stream->layout = &schema->layout.streams[index];
        stream->id = stream->layout->id;
        stream->clock = -1;
        const struct ctf_stream_declaration *declaration = NULL;
        for (size_t find = 0; find < schema->stream_count; find++) {
            uint64_t id = schema->streams[find].has_id ? schema->streams[find].id : 0;
            if (id == stream->id) declaration = &schema->streams[find];
        }
        if (declaration == NULL) {
            unsupported(compiler, "%s", "a stream class the layout does not name");
            goto done;
        }
        compiler->class = NULL;
        compiler->reg_base = 0;
        compiler->reg_count = 0;
        if (!compile_program(compiler, &stream->header, declaration->event_header, MODE_HEADER)) goto done;
        int reg_base = compiler->reg_count;
        /* The stream's clock: the one its event header's timestamps map to (else its packets'). */
        const char *clock_name = NULL;
        for (size_t op = 0; op < stream->header.count && clock_name == NULL; op++) {
            if (!(stream->header.ops[op].flags & OPF_CLOCK) && stream->header.ops[op].kind != OP_LTTNG_HEADER) continue;
            for (size_t symbol = 0; symbol < compiler->symbol_count; symbol++) {
                if (compiler->symbols[symbol].op == op) clock_name = compiler->symbols[symbol].type->clock;
            }
        }
        if (clock_name == NULL && stream->layout->fields[CTF_TIMESTAMP_BEGIN].present
            && stream->layout->fields[CTF_TIMESTAMP_BEGIN].clock >= 0) {
            clock_name = schema->layout.clocks[stream->layout->fields[CTF_TIMESTAMP_BEGIN].clock].name;
        }
        for (size_t clock = 0; clock_name != NULL && clock < schema->layout.clock_count; clock++) {
            if (strcmp(schema->layout.clocks[clock].name, clock_name) == 0) stream->clock = (int)clock;
        }
        if (stream->clock >= 0) {
            const struct ctf_clock *clock = &schema->layout.clocks[stream->clock];
            stream->frequency = clock->frequency;
            unsigned __int128 origin = (unsigned __int128)(clock->offset_seconds > 0 ? (uint64_t)clock->offset_seconds : 0)
                * 1000000000u;
            if (clock->offset_cycles > 0) origin += (unsigned __int128)(uint64_t)clock->offset_cycles * 1000000000u / clock->frequency;
            stream->offset_ns = origin > UINT64_MAX / 2 ? UINT64_MAX / 2 : (uint64_t)origin;
        } else if (declaration->event_header != NULL) {
            /* Events without time cannot be merged with babeltrace2's order: leave it that. */
            unsupported(compiler, "%s", "a stream class without a clock");
            goto done;
        }
        /* Its event classes, by id. */
        uint64_t max_id = 0;
        int any = 0;
        for (size_t event = 0; event < schema->event_count; event++) {
            const struct ctf_event_declaration *declared = &schema->events[event];
            uint64_t stream_id = declared->has_stream_id ? declared->stream_id : 0;
            if (stream_id != stream->id) continue;
            if (!declared->has_id && schema->event_count > 1) {
                unsupported(compiler, "%s", "an event class without an id");
                goto done;
            }
            uint64_t id = declared->has_id ? declared->id : 0;
            if (id > (1u << 20)) {
                unsupported(compiler, "%s", "an event id past 2^20");
                goto done;
            }
            if (id > max_id) max_id = id;
            any = 1;
        }
        stream->id_count = any ? max_id + 1 : 0;
        stream->by_id = calloc(stream->id_count ? stream->id_count : 1, sizeof *stream->by_id);
        if (stream->by_id == NULL) {
            memory(compiler);
            goto done;
        }
        for (size_t event = 0; event < schema->event_count; event++) {
            const struct ctf_event_declaration *declared = &schema->events[event];
            uint64_t stream_id = declared->has_stream_id ? declared->stream_id : 0;
            if (stream_id != stream->id) continue;
            uint64_t id = declared->has_id ? declared->id : 0;
            if (stream->by_id[id].declared) {
                unsupported(compiler, "%s", "two event classes with one id");
                goto done;
            }
            if (declared->name == NULL) {
                unsupported(compiler, "%s", "an event class without a name");
                goto done;
            }
            if (!compile_class(compiler, declared, declaration, &stream->by_id[id], reg_base)) goto done;
        }
    }
    for (size_t index = 0; index < trace->stream_count; index++) {
        struct stream_class *stream = &trace->streams[index];
        specialize(&stream->header);
        for (size_t id = 0; id < stream->id_count; id++) specialize(&stream->by_id[id].program);
    }
    ok = 1;
done:
    *is_unsupported = compiler->unsupported;
    free(compiler);
    return ok;
}

/* ---- Reading ---------------------------------------------------------------------------------- */


/* The little-endian integer of `bytes` (1, 2, 4 or 8) bytes at `p`. The caller checked that they lie
 * in the mapping. */
static inline uint64_t load_le(const uint8_t *p, unsigned bytes) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    switch (bytes) {
    case 1: return p[0];
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
#else
    uint64_t v = 0;
    for (unsigned index = bytes; index-- > 0;) v = v << 8 | p[index];
    return v;
#endif
}

/* `bits` bits (1 to 64) from bit `bit` of `p` in CTF's bit order: from the least significant bit of
 * each byte on (little-endian) or from the most significant (big-endian). The caller checked that
 * bit + bits lies within the first `limit` bytes of `p`, all mapped. */
static inline uint64_t load_bits(const uint8_t *p, uint64_t bit, unsigned bits, int big, uint64_t limit) {
    uint64_t byte = bit >> 3;
    unsigned shift = (unsigned)(bit & 7);
    unsigned count = (shift + bits + 7) >> 3; /* 1 to 9 bytes, all below `limit` */
    uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (!big) {
        if (count <= 8 && byte + 8 <= limit) return (load_le(p + byte, 8) >> shift) & mask;
        unsigned __int128 accumulated = 0;
        for (unsigned index = 0; index < count; index++) accumulated |= (unsigned __int128)p[byte + index] << (8 * index);
        return (uint64_t)(accumulated >> shift) & mask;
    }
    unsigned __int128 accumulated = 0;
    for (unsigned index = 0; index < count; index++) accumulated = accumulated << 8 | p[byte + index];
    return (uint64_t)(accumulated >> (count * 8 - shift - bits)) & mask;
}

static inline uint64_t align_up(uint64_t bit, uint32_t align) { return (bit + align - 1) & ~(uint64_t)(align - 1); }

enum { RUN_OK = 0, RUN_BAD = 1, RUN_UNSUPPORTED = 2 };

/* Why a run failed: the message and the bit (from the packet's start) where. */
struct failure {
    const char *why;
    uint64_t bit;
};

/* Runs `ops` from the cursor's position, within its packet's content. Invariants: `p` is the
 * packet's first byte and its first `limit` bytes are mapped (the packet lies within the file);
 * every read is checked to end at or before `end` bits (end <= limit * 8) before it is made; every
 * register index and record offset was set at compile time within their arrays. */
static int execute(struct cursor *c, const struct op *ops, uint8_t *record, struct failure *failure) {
    const uint8_t *p = c->packet;
    uint64_t bit = c->bit, end = c->content_bits, limit = (end + 7) >> 3;
    struct { uint64_t left, start; size_t body; } loops[MAX_LOOP_DEPTH];
    int depth = 0;
    const struct variant_case *cases = c->trace->cases;
    for (size_t at = 0;; at++) {
        const struct op *op = &ops[at];
        uint64_t raw, count;
        switch ((enum op_kind)op->kind) {
        case OP_END:
            c->bit = bit;
            return RUN_OK;
        case OP_ALIGN:
            bit = align_up(bit, op->align);
            continue;
#define PLAIN_INTEGER(TYPE, BYTES)                                        \
            bit = align_up(bit, op->align);                               \
            if (bit > end || end - bit < (BYTES) * 8) goto cut;           \
            if (op->dest >= 0) {                                          \
                TYPE word;                                                \
                memcpy(&word, p + (bit >> 3), BYTES);                     \
                uint64_t value = (uint64_t)word;                          \
                memcpy(record + op->dest, &value, sizeof value);          \
            }                                                             \
            bit += (BYTES) * 8;                                           \
            continue;
        /* Little-endian machines only: on a big-endian one they are OP_INT_BYTES (its load_le). */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        case OP_U8: PLAIN_INTEGER(uint8_t, 1)
        case OP_I8: PLAIN_INTEGER(int8_t, 1)
        case OP_U16: PLAIN_INTEGER(uint16_t, 2)
        case OP_I16: PLAIN_INTEGER(int16_t, 2)
        case OP_U32: PLAIN_INTEGER(uint32_t, 4)
        case OP_I32: PLAIN_INTEGER(int32_t, 4)
        case OP_64: PLAIN_INTEGER(uint64_t, 8)
#else
        case OP_U8: case OP_I8: case OP_U16: case OP_I16: case OP_U32: case OP_I32: case OP_64:
#endif
#undef PLAIN_INTEGER
        case OP_INT_BYTES:
            bit = align_up(bit, op->align);
            if (bit > end || end - bit < op->bits) goto cut;
            raw = load_le(p + (bit >> 3), op->bits >> 3);
            bit += op->bits;
            goto integer;
        case OP_INT_BITS:
            bit = align_up(bit, op->align);
            if (bit > end || end - bit < op->bits) goto cut;
            raw = load_bits(p, bit, op->bits, op->flags & OPF_BIG, limit);
            bit += op->bits;
        integer: {
            uint64_t value = raw;
            if ((op->flags & OPF_SIGNED) && op->bits < 64) {
                uint64_t sign = UINT64_C(1) << (op->bits - 1);
                value = (value ^ sign) - sign;
            }
            if (op->reg >= 0) c->regs[op->reg] = value;
            if (op->dest >= 0) memcpy(record + op->dest, &value, sizeof value);
            if (op->flags & OPF_EVENT_ID) c->event_id = raw;
            if (op->flags & OPF_CLOCK) {
                /* CTF 1.8: an N-bit clock field gives the clock's low N bits; lower than the
                 * previous low bits, the clock wrapped once. */
                if (op->bits == 64) {
                    c->clock = raw;
                } else {
                    uint64_t mask = (UINT64_C(1) << op->bits) - 1;
                    uint64_t updated = (c->clock & ~mask) | raw;
                    if (raw < (c->clock & mask)) updated += mask + 1;
                    c->clock = updated;
                }
            }
            continue;
        }
        case OP_FLOAT32: {
            bit = align_up(bit, op->align);
            if (bit > end || end - bit < 32) goto cut;
            uint32_t word = (uint32_t)load_le(p + (bit >> 3), 4);
            bit += 32;
            float single;
            memcpy(&single, &word, sizeof single);
            double value = single;
            if (op->dest >= 0) memcpy(record + op->dest, &value, sizeof value);
            continue;
        }
        case OP_FLOAT64: {
            bit = align_up(bit, op->align);
            if (bit > end || end - bit < 64) goto cut;
            uint64_t word = load_le(p + (bit >> 3), 8);
            bit += 64;
            double value;
            memcpy(&value, &word, sizeof value);
            if (op->dest >= 0) memcpy(record + op->dest, &value, sizeof value);
            continue;
        }
        case OP_STRING: {
            bit = align_up(bit, 8);
            uint64_t byte = bit >> 3, content_bytes = end >> 3;
            if (byte >= content_bytes) goto cut;
            const uint8_t *start = p + byte;
            const uint8_t *nul = memchr(start, 0, content_bytes - byte);
            if (nul == NULL) {
                failure->why = "a string without its NUL within the packet's content";
                failure->bit = bit;
                return RUN_BAD;
            }
            size_t length = (size_t)(nul - start);
            if (op->dest >= 0) {
                /* LTTng records a NULL string as "(null)": it reads back as NULL. */
                const char *value = length == 6 && memcmp(start, "(null)", 6) == 0 ? NULL : (const char *)start;
                memcpy(record + op->dest, &value, sizeof value);
            }
            bit = (byte + length + 1) * 8;
            continue;
        }
        case OP_TEXT: {
            count = op->source >= 0 ? c->regs[op->source] : op->length;
            bit = align_up(bit, op->align);
            if (bit > end || (end - bit) / 8 < count) goto cut;
            if (op->dest >= 0) {
                const uint8_t *start = p + (bit >> 3);
                const uint8_t *nul = (bit & 7) == 0 ? memchr(start, 0, (size_t)count) : NULL;
                size_t length = nul ? (size_t)(nul - start) : (size_t)count;
                if ((bit & 7) != 0 || length + 1 > SCRATCH_BYTES - c->scratch_used) {
                    failure->why = "unsupported: a text array not at a whole byte, or longer than the decoder copies";
                    failure->bit = bit;
                    return RUN_UNSUPPORTED;
                }
                char *copy = c->scratch + c->scratch_used;
                memcpy(copy, start, length);
                copy[length] = '\0';
                c->scratch_used += length + 1;
                const char *value = length == 6 && memcmp(copy, "(null)", 6) == 0 ? NULL : copy;
                memcpy(record + op->dest, &value, sizeof value);
            }
            bit += count * 8;
            continue;
        }
        case OP_SKIP:
            count = op->source >= 0 ? c->regs[op->source] : op->length;
            if (count == 0) continue;
            bit = align_up(bit, op->align);
            if (bit > end || (end - bit) / op->stride < count) goto cut;
            bit += count * op->stride;
            continue;
        case OP_LOOP:
            count = op->source >= 0 ? c->regs[op->source] : op->length;
            if (count == 0) {
                at += op->count + 1; /* past the body and its OP_LOOP_END */
                continue;
            }
            /* Each element takes a bit at least (checked at OP_LOOP_END): more than the bits left
             * is corruption, found before the loop. */
            if (bit > end || end - bit < count) goto cut;
            loops[depth].left = count;
            loops[depth].start = bit;
            loops[depth].body = at + 1;
            depth++;
            continue;
        case OP_LOOP_END: {
            if (bit == loops[depth - 1].start) {
                failure->why = "unsupported: an array of elements of no bits";
                failure->bit = bit;
                return RUN_UNSUPPORTED;
            }
            if (--loops[depth - 1].left > 0) {
                loops[depth - 1].start = bit;
                at = loops[depth - 1].body - 1;
            } else {
                depth--;
            }
            continue;
        }
        case OP_VARIANT: {
            uint64_t tag = c->regs[op->source];
            const struct variant_case *chosen = NULL;
            for (uint32_t index = 0; index < op->count && chosen == NULL; index++) {
                const struct variant_case *candidate = &cases[op->target + index];
                int inside = (op->flags & OPF_SIGNED)
                    ? (int64_t)tag >= candidate->low && (int64_t)tag <= candidate->high
                    : tag >= (uint64_t)candidate->low && tag <= (uint64_t)candidate->high;
                if (inside) chosen = candidate;
            }
            if (chosen == NULL) {
                failure->why = "a variant's tag that selects none of its options";
                failure->bit = bit;
                return RUN_BAD;
            }
            at = chosen->target - 1;
            continue;
        }
        case OP_JUMP:
            at = op->target - 1;
            continue;
        case OP_LTTNG_HEADER: {
            bit = align_up(bit, op->align);
            if (bit > end || end - bit < op->bits) goto cut;
            uint64_t id = op->bits == 16 ? load_le(p + (bit >> 3), 2) : load_bits(p, bit, op->bits, 0, limit);
            bit += op->bits;
            uint64_t timestamp;
            unsigned timestamp_bits;
            if (id < op->target) {
                timestamp_bits = (unsigned)op->length;
                bit = align_up(bit, (uint32_t)op->stride);
                if (bit > end || end - bit < timestamp_bits) goto cut;
                timestamp = timestamp_bits == 32 && (bit & 7) == 0 ? load_le(p + (bit >> 3), 4)
                                                                    : load_bits(p, bit, timestamp_bits, 0, limit);
                bit += timestamp_bits;
            } else {
                bit = align_up(bit, 8);
                if (bit > end || end - bit < 32) goto cut;
                id = load_le(p + (bit >> 3), 4);
                bit = align_up(bit + 32, 8);
                if (bit > end || end - bit < 64) goto cut;
                timestamp = load_le(p + (bit >> 3), 8);
                bit += 64;
                timestamp_bits = 64;
            }
            c->event_id = id;
            if (timestamp_bits == 64) {
                c->clock = timestamp;
            } else {
                uint64_t mask = (UINT64_C(1) << timestamp_bits) - 1;
                uint64_t updated = (c->clock & ~mask) | timestamp;
                if (timestamp < (c->clock & mask)) updated += mask + 1;
                c->clock = updated;
            }
            continue;
        }
        }
    }
cut:
    failure->why = "a field that runs past its packet's content (content_size)";
    failure->bit = bit;
    return RUN_BAD;
}

/* A whole-byte field of a packet's header or context: the caller checked it lies in the packet. */
static uint64_t packet_field(const uint8_t *packet, const struct ctf_field *field) {
    uint64_t value = 0;
    const uint8_t *bytes = packet + field->byte_offset;
    if (field->big_endian) {
        for (uint32_t index = 0; index < field->bytes && index < 8; index++) value = value << 8 | bytes[index];
    } else {
        for (uint32_t index = field->bytes < 8 ? field->bytes : 8; index-- > 0;) value = value << 8 | bytes[index];
    }
    return value;
}

/* A loss as babeltrace2 counts it: a counter that went back is no count (at least one, with a
 * warning). */
static uint64_t counted(struct ctf_decoder *decoder, uint64_t count, const char *counter) {
    if (count <= INT64_MAX) return count;
    if (decoder->callbacks.warning) {
        char message[200];
        snprintf(message, sizeof message,
            "a packet's %s went back from the previous packet's: the loss there is counted as one", counter);
        decoder->callbacks.warning(decoder->callbacks.context, message);
    }
    return 1;
}

/* Bytes of a mapping read past before they are given back. */
#define RELEASE_BYTES (8u << 20)

/* Gives back the pages of the packets read before `offset`, so the resident memory stays flat
 * whatever the file's size (the page cache keeps them). The records handed out already point
 * into them no more: a record is delivered before its cursor reads on. */
static void release_read(struct cursor *c, uint64_t offset) {
    if (!c->mapped || offset - c->released < RELEASE_BYTES) return;
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t end = offset / page * page;
    madvise((void *)(c->data + c->released), (size_t)(end - c->released), MADV_DONTNEED);
    c->released = end;
}

/* Enters the cursor's next packet that holds events: 1 entered, 0 the file ended, -status. */
static int enter_packet(struct ctf_decoder *decoder, struct cursor *c, char *error, size_t size) {
    const struct ctf_layout *layout = &c->trace->schema.layout;
    for (;;) {
        release_read(c, c->next_packet);
        if (c->next_packet >= c->size) return 0;
        uint64_t offset = c->next_packet, remaining = c->size - offset;
        const uint8_t *packet = c->data + offset;
        /* The header's fields are every stream class's. */
        const struct ctf_field *fields = layout->streams[0].fields;
        const struct ctf_field *magic = &fields[CTF_MAGIC], *stream_id = &fields[CTF_STREAM_ID];
        if (magic->present) {
            if (magic->byte_offset + (uint64_t)magic->bytes > remaining) goto cut;
            if (packet_field(packet, magic) != 0xC1FC1FC1u) {
                say(error, size, "%s: byte %" PRIu64 ": a packet without CTF's magic number", c->path, offset);
                return -CTF_DECODER_BAD;
            }
        }
        size_t index = 0;
        if (layout->has_stream_id) {
            if (stream_id->byte_offset + (uint64_t)stream_id->bytes > remaining) goto cut;
            uint64_t id = packet_field(packet, stream_id);
            const struct ctf_stream_class *found = ctf_layout_stream(layout, id);
            if (found == NULL) {
                say(error, size, "%s: byte %" PRIu64 ": a packet of stream %" PRIu64 ", which the metadata does not declare",
                    c->path, offset, id);
                return -CTF_DECODER_BAD;
            }
            index = (size_t)(found - layout->streams);
        }
        const struct stream_class *stream = &c->trace->streams[index];
        fields = stream->layout->fields;
        uint64_t context_bytes = stream->layout->context_end;
        if (context_bytes > remaining) goto cut;
        uint64_t packet_bits = remaining * 8, content_bits;
        if (fields[CTF_PACKET_SIZE].present) {
            packet_bits = packet_field(packet, &fields[CTF_PACKET_SIZE]);
            if (packet_bits % 8 != 0 || packet_bits / 8 < context_bytes || packet_bits / 8 > remaining || packet_bits == 0) {
                say(error, size, "%s: byte %" PRIu64 ": a packet_size of %" PRIu64 " bits, outside the %" PRIu64
                    " bytes of header and context and the %" PRIu64 " bytes left in the file",
                    c->path, offset, packet_bits, context_bytes, remaining);
                return -CTF_DECODER_BAD;
            }
        }
        content_bits = packet_bits;
        if (fields[CTF_CONTENT_SIZE].present) {
            content_bits = packet_field(packet, &fields[CTF_CONTENT_SIZE]);
            if (content_bits > packet_bits || content_bits < context_bytes * 8) {
                say(error, size, "%s: byte %" PRIu64 ": a content_size of %" PRIu64 " bits, outside its packet's header and %"
                    PRIu64 " bits", c->path, offset, content_bits, packet_bits);
                return -CTF_DECODER_BAD;
            }
        }
        c->stream = stream;
        c->packet = packet;
        c->packet_offset = offset;
        c->bit = context_bytes * 8;
        c->content_bits = content_bits;
        c->next_packet = offset + packet_bits / 8;
        if (fields[CTF_TIMESTAMP_BEGIN].present) c->clock = packet_field(packet, &fields[CTF_TIMESTAMP_BEGIN]);
        c->clock_end = UINT64_MAX;
        if (fields[CTF_TIMESTAMP_END].present) {
            /* A packet still open when its process died may end at zero: then there is no bound. */
            uint64_t end = packet_field(packet, &fields[CTF_TIMESTAMP_END]);
            if (end != 0 && end >= c->clock) c->clock_end = end;
        }
        if (fields[CTF_EVENTS_DISCARDED].present) {
            uint64_t discarded = packet_field(packet, &fields[CTF_EVENTS_DISCARDED]);
            /* As babeltrace2 reports it: the difference from the stream's previous packet; for its
             * first packet, a count it does not give (the counter may predate the trace), which the
             * reader takes as one. */
            uint64_t lost = c->has_discarded ? counted(decoder, discarded - c->discarded, "events_discarded") : discarded != 0;
            if (lost != 0) decoder->callbacks.discarded(decoder->callbacks.context, lost, 0);
            c->discarded = discarded;
            c->has_discarded = 1;
        }
        if (fields[CTF_PACKET_SEQ_NUM].present) {
            uint64_t seq = packet_field(packet, &fields[CTF_PACKET_SEQ_NUM]);
            if (c->has_seq && seq != c->seq + 1) {
                decoder->callbacks.discarded(decoder->callbacks.context, 0, counted(decoder, seq - c->seq - 1, "packet_seq_num"));
            }
            c->seq = seq;
            c->has_seq = 1;
        }
        if (c->bit < c->content_bits) return 1;
    }
cut:
    say(error, size, "%s: byte %" PRIu64 ": the file ends inside a packet's header or context", c->path, c->next_packet);
    return -CTF_DECODER_BAD;
}

/* Decodes the cursor's events up to the next `lifetrace:*` record, into c->record: 1 one, 0 the
 * stream ended, -status. */
static int next_record(struct ctf_decoder *decoder, struct cursor *c, char *error, size_t size) {
    struct failure failure = {NULL, 0};
    for (;;) {
        if (c->bit >= c->content_bits) {
            int entered = enter_packet(decoder, c, error, size);
            if (entered <= 0) return entered;
        }
        const struct stream_class *stream = c->stream;
        uint64_t start = c->bit;
        c->event_id = 0;
        int run = execute(c, stream->header.ops, (uint8_t *)&c->record, &failure);
        if (run != RUN_OK) goto failed;
        if (c->event_id >= stream->id_count || !stream->by_id[c->event_id].declared) {
            say(error, size, "%s: byte %" PRIu64 ": an event of id %" PRIu64 ", which stream %" PRIu64 " does not declare",
                c->path, c->packet_offset + start / 8, c->event_id, stream->id);
            return -CTF_DECODER_BAD;
        }
        if (c->clock > c->clock_end) {
            /* A timestamp damaged (or a wrap that never was): the merge would put it out of order. */
            say(error, size, "%s: byte %" PRIu64 ": an event at clock value %" PRIu64 ", after its packet's end at %" PRIu64,
                c->path, c->packet_offset + start / 8, c->clock, c->clock_end);
            return -CTF_DECODER_BAD;
        }
        const struct event_class *class = &stream->by_id[c->event_id];
        decoder->events++;
        c->scratch_used = 0;
        if (class->relevant) memcpy(&c->record, &class->template, sizeof c->record);
        run = execute(c, class->program.ops, (uint8_t *)&c->record, &failure);
        if (run != RUN_OK) goto failed;
        if (c->bit == start) {
            say(error, size, "%s: byte %" PRIu64 ": an event of no bits", c->path, c->packet_offset + start / 8);
            return -CTF_DECODER_BAD;
        }
        if (!class->relevant) continue;
        struct lifetrace_ctf_record *record = &c->record;
        if (class->needs_hook_name && record->hook_name == NULL) continue;
        uint64_t nanoseconds = stream->frequency == 1000000000u || stream->frequency == 0
            ? c->clock : (uint64_t)((unsigned __int128)c->clock * 1000000000u / stream->frequency);
        record->timestamp = stream->frequency == 0 ? 0 : (int64_t)nanoseconds;
        c->key = nanoseconds + stream->offset_ns;
        if (class->frame) {
            record->has_frame = !(isnan(record->x) && isnan(record->y) && isnan(record->width) && isnan(record->height));
        }
        if (!class->has_offset_x) record->offset_x = record->x;
        if (!class->has_offset_y) record->offset_y = record->y;
        return 1;
    }
failed:
    if (failure.why != NULL && strncmp(failure.why, "unsupported: ", 13) == 0) {
        say(error, size, "%s (%s, byte %" PRIu64 ")", failure.why, c->path, c->packet_offset + failure.bit / 8);
        return -CTF_DECODER_UNSUPPORTED;
    }
    say(error, size, "%s: byte %" PRIu64 ": %s", c->path, c->packet_offset + failure.bit / 8,
        failure.why ? failure.why : "corrupt");
    return -CTF_DECODER_BAD;
}

/* ---- The heap of cursors ---------------------------------------------------------------------- */

static inline int before(const struct cursor *a, const struct cursor *b) {
    return a->key < b->key || (a->key == b->key && a->index < b->index);
}

static void sift_down(struct ctf_decoder *decoder, size_t at) {
    struct cursor **heap = decoder->heap;
    size_t count = decoder->heap_count;
    struct cursor *moving = heap[at];
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= count) break;
        if (child + 1 < count && before(heap[child + 1], heap[child])) child++;
        if (!before(heap[child], moving)) break;
        heap[at] = heap[child];
        at = child;
    }
    heap[at] = moving;
}

static void push(struct ctf_decoder *decoder, struct cursor *cursor) {
    size_t at = decoder->heap_count++;
    struct cursor **heap = decoder->heap;
    while (at > 0 && before(cursor, heap[(at - 1) / 2])) {
        heap[at] = heap[(at - 1) / 2];
        at = (at - 1) / 2;
    }
    heap[at] = cursor;
}

enum ctf_decoder_status ctf_decoder_step(struct ctf_decoder *decoder, size_t max_events, char *error, size_t size) {
    if (error && size) error[0] = '\0';
    if (!decoder->started) {
        decoder->started = 1;
        for (size_t index = 0; index < decoder->cursor_count; index++) {
            int next = next_record(decoder, decoder->cursors[index], error, size);
            if (next < 0) return (enum ctf_decoder_status)-next;
            if (next > 0) push(decoder, decoder->cursors[index]);
        }
    }
    uint64_t limit = decoder->events + max_events;
    while (decoder->heap_count > 0) {
        if (decoder->events >= limit) return CTF_DECODER_OK;
        struct cursor *cursor = decoder->heap[0];
        if (record_partition_keeps(&decoder->partition, &cursor->record))
            decoder->callbacks.record(decoder->callbacks.context, &cursor->record);
        int next = next_record(decoder, cursor, error, size);
        if (next < 0) return (enum ctf_decoder_status)-next;
        if (next == 0) decoder->heap[0] = decoder->heap[--decoder->heap_count];
        if (decoder->heap_count > 0) sift_down(decoder, 0);
    }
    return CTF_DECODER_END;
}

uint64_t ctf_decoder_event_count(const struct ctf_decoder *decoder) { return decoder->events; }

int ctf_decoder_keep_partition(struct ctf_decoder *decoder, uint64_t index, uint64_t count) {
    return !decoder->started && record_partition_set(&decoder->partition, index, count);
}

/* ---- Opening ---------------------------------------------------------------------------------- */

static int read_file(const char *path, uint8_t **data, size_t *size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    struct stat status;
    if (fstat(fd, &status) != 0 || status.st_size < 0) {
        close(fd);
        return 0;
    }
    size_t length = (size_t)status.st_size;
    uint8_t *bytes = malloc(length ? length : 1);
    size_t done = 0;
    while (bytes != NULL && done < length) {
        ssize_t got = read(fd, bytes + done, length - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += (size_t)got;
    }
    close(fd);
    if (bytes == NULL || done != length) {
        free(bytes);
        return 0;
    }
    *data = bytes;
    *size = length;
    return 1;
}

static int compare_names(const void *left, const void *right) {
    return strcmp(*(char *const *)left, *(char *const *)right);
}

static enum ctf_decoder_status add_cursor(struct ctf_decoder *decoder, struct trace *trace, const char *path,
    char *error, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat status;
    if (fd < 0 || fstat(fd, &status) != 0) {
        say(error, size, "%s: %s", path, strerror(errno));
        if (fd >= 0) close(fd);
        return CTF_DECODER_FAILED;
    }
    if (status.st_size == 0) { /* an empty stream file holds no packet (babeltrace2 skips it) */
        close(fd);
        return CTF_DECODER_OK;
    }
    /* Invariant: the file is not truncated while mapped (a recorded trace; live sessions are read by
     * babeltrace2), so every byte below st_size stays readable. */
    void *data = mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (data == MAP_FAILED) {
        say(error, size, "%s: mmap: %s", path, strerror(errno));
        return CTF_DECODER_FAILED;
    }
    madvise(data, (size_t)status.st_size, MADV_SEQUENTIAL);
    struct cursor *cursor = calloc(1, sizeof *cursor);
    struct cursor **cursors = realloc(decoder->cursors, (decoder->cursor_count + 1) * sizeof *cursors);
    char *copy = strdup(path);
    if (cursors != NULL) decoder->cursors = cursors;
    if (cursor == NULL || cursors == NULL || copy == NULL) {
        munmap(data, (size_t)status.st_size);
        free(cursor);
        free(copy);
        say(error, size, "out of memory");
        return CTF_DECODER_FAILED;
    }
    cursor->trace = trace;
    cursor->path = copy;
    cursor->data = data;
    cursor->mapped = 1;
    cursor->size = (size_t)status.st_size;
    cursor->index = decoder->cursor_count;
    decoder->cursors[decoder->cursor_count++] = cursor;
    return CTF_DECODER_OK;
}

/* Adds the trace whose metadata file holds `data`, compiled. */
static enum ctf_decoder_status add_trace(struct ctf_decoder *decoder, const uint8_t *data, size_t length, const char *path,
    struct trace **result, char *error, size_t size) {
    struct trace *traces = realloc(decoder->traces, (decoder->trace_count + 1) * sizeof *traces);
    if (traces == NULL) {
        say(error, size, "out of memory");
        return CTF_DECODER_FAILED;
    }
    /* Cursors point at their trace: when the array moves, the earlier traces' cursors follow. */
    for (size_t index = 0; index < decoder->cursor_count; index++) {
        decoder->cursors[index]->trace = traces + (decoder->cursors[index]->trace - decoder->traces);
    }
    decoder->traces = traces;
    struct trace *trace = &traces[decoder->trace_count++];
    memset(trace, 0, sizeof *trace);
    struct ctf_metadata metadata;
    struct ctf_problem problem = {0, ""};
    enum ctf_metadata_status status = ctf_metadata_decode(data, length, &metadata, &problem);
    if (status == CTF_METADATA_OK) {
        status = ctf_schema_parse(&metadata, &trace->schema, &problem);
        ctf_metadata_free(&metadata);
    }
    if (status != CTF_METADATA_OK) {
        say(error, size, "%s%s: byte %" PRIu64 ": %s", status == CTF_METADATA_UNSUPPORTED ? "unsupported: " : "", path,
            problem.offset, problem.message);
        return status == CTF_METADATA_UNSUPPORTED ? CTF_DECODER_UNSUPPORTED : CTF_DECODER_BAD;
    }
    int is_unsupported = 0;
    if (!compile_trace(trace, error, size, &is_unsupported)) {
        return is_unsupported ? CTF_DECODER_UNSUPPORTED : CTF_DECODER_FAILED;
    }
    *result = trace;
    return CTF_DECODER_OK;
}

static enum ctf_decoder_status open_trace(struct ctf_decoder *decoder, const char *directory, char *error, size_t size) {
    char path[4096];
    snprintf(path, sizeof path, "%s/metadata", directory);
    uint8_t *data = NULL;
    size_t length = 0;
    if (!read_file(path, &data, &length)) {
        say(error, size, "%s: %s", path, strerror(errno));
        return CTF_DECODER_FAILED;
    }
    struct trace *trace = NULL;
    enum ctf_decoder_status result = add_trace(decoder, data, length, path, &trace, error, size);
    free(data);
    if (result != CTF_DECODER_OK) return result;
    /* Its stream files: every regular file but the metadata and hidden ones, by name. */
    DIR *listing = opendir(directory);
    if (listing == NULL) {
        say(error, size, "%s: %s", directory, strerror(errno));
        return CTF_DECODER_FAILED;
    }
    char **names = NULL;
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (entry->d_name[0] == '.' || strcmp(entry->d_name, "metadata") == 0) continue;
        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
        struct stat status_of;
        if (stat(path, &status_of) != 0 || !S_ISREG(status_of.st_mode)) continue;
        char **more = realloc(names, (count + 1) * sizeof *more);
        char *name = strdup(path);
        if (more != NULL) names = more;
        if (more == NULL || name == NULL) {
            free(name);
            result = CTF_DECODER_FAILED;
            say(error, size, "out of memory");
            break;
        }
        names[count++] = name;
    }
    closedir(listing);
    if (count > 1) qsort(names, count, sizeof *names, compare_names);
    for (size_t index = 0; index < count; index++) {
        if (result == CTF_DECODER_OK) result = add_cursor(decoder, trace, names[index], error, size);
        free(names[index]);
    }
    free(names);
    return result;
}

/* Finds the traces under `directory` (a directory holding `metadata` is one; the others are
 * searched, a few levels deep). */
static enum ctf_decoder_status find_traces(struct ctf_decoder *decoder, const char *directory, int depth, char *error,
    size_t size) {
    char path[4096];
    struct stat status;
    snprintf(path, sizeof path, "%s/metadata", directory);
    if (stat(path, &status) == 0 && S_ISREG(status.st_mode)) return open_trace(decoder, directory, error, size);
    if (depth > 16) return CTF_DECODER_OK;
    DIR *listing = opendir(directory);
    if (listing == NULL) {
        say(error, size, "%s: %s", directory, strerror(errno));
        return CTF_DECODER_FAILED;
    }
    char **names = NULL;
    size_t count = 0;
    enum ctf_decoder_status result = CTF_DECODER_OK;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
        if (stat(path, &status) != 0 || !S_ISDIR(status.st_mode)) continue;
        char **more = realloc(names, (count + 1) * sizeof *more);
        char *name = strdup(path);
        if (more != NULL) names = more;
        if (more == NULL || name == NULL) {
            free(name);
            result = CTF_DECODER_FAILED;
            break;
        }
        names[count++] = name;
    }
    closedir(listing);
    if (count > 1) qsort(names, count, sizeof *names, compare_names);
    for (size_t index = 0; index < count; index++) {
        if (result == CTF_DECODER_OK) result = find_traces(decoder, names[index], depth + 1, error, size);
        free(names[index]);
    }
    free(names);
    return result;
}

/* The start of both opens: no error yet, no decoder yet, then an empty decoder with `callbacks`
 * (NULL, said in `error`, when out of memory). */
static struct ctf_decoder *new_decoder(struct lifetrace_ctf_callbacks callbacks, struct ctf_decoder **result,
    char *error, size_t size) {
    if (error && size) error[0] = '\0';
    *result = NULL;
    struct ctf_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        say(error, size, "out of memory");
        return NULL;
    }
    decoder->callbacks = callbacks;
    return decoder;
}

/* The end of both opens: the decoder handed over when `status` is CTF_DECODER_OK, else closed. */
static enum ctf_decoder_status finish_open(struct ctf_decoder *decoder, enum ctf_decoder_status status,
    struct ctf_decoder **result) {
    if (status != CTF_DECODER_OK) {
        ctf_decoder_close(decoder);
        return status;
    }
    *result = decoder;
    return CTF_DECODER_OK;
}

enum ctf_decoder_status ctf_decoder_open(const char *const *inputs, size_t input_count,
    struct lifetrace_ctf_callbacks callbacks, struct ctf_decoder **result, char *error, size_t size) {
    struct ctf_decoder *decoder = new_decoder(callbacks, result, error, size);
    if (decoder == NULL) return CTF_DECODER_FAILED;
    enum ctf_decoder_status status = CTF_DECODER_OK;
    for (size_t index = 0; index < input_count && status == CTF_DECODER_OK; index++) {
        status = find_traces(decoder, inputs[index], 0, error, size);
    }
    if (status == CTF_DECODER_OK && decoder->trace_count == 0) {
        say(error, size, "no CTF trace (a directory with a `metadata` file) under the inputs");
        status = CTF_DECODER_BAD;
    }
    if (status == CTF_DECODER_OK) {
        decoder->heap = calloc(decoder->cursor_count ? decoder->cursor_count : 1, sizeof *decoder->heap);
        if (decoder->heap == NULL) {
            say(error, size, "out of memory");
            status = CTF_DECODER_FAILED;
        }
    }
    return finish_open(decoder, status, result);
}

enum ctf_decoder_status ctf_decoder_open_memory(const uint8_t *metadata, size_t metadata_size,
    const uint8_t *const *streams, const size_t *stream_sizes, size_t stream_count,
    struct lifetrace_ctf_callbacks callbacks, struct ctf_decoder **result, char *error, size_t size) {
    struct ctf_decoder *decoder = new_decoder(callbacks, result, error, size);
    if (decoder == NULL) return CTF_DECODER_FAILED;
    struct trace *trace = NULL;
    enum ctf_decoder_status status = add_trace(decoder, metadata, metadata_size, "metadata", &trace, error, size);
    if (status == CTF_DECODER_OK) {
        decoder->cursors = calloc(stream_count ? stream_count : 1, sizeof *decoder->cursors);
        decoder->heap = calloc(stream_count ? stream_count : 1, sizeof *decoder->heap);
        if (decoder->cursors == NULL || decoder->heap == NULL) status = CTF_DECODER_FAILED;
    }
    for (size_t index = 0; index < stream_count && status == CTF_DECODER_OK; index++) {
        if (stream_sizes[index] == 0) continue;
        struct cursor *cursor = calloc(1, sizeof *cursor);
        char *path = malloc(32);
        if (cursor == NULL || path == NULL) {
            free(cursor);
            free(path);
            status = CTF_DECODER_FAILED;
            break;
        }
        snprintf(path, 32, "stream %zu", index);
        cursor->trace = trace;
        cursor->path = path;
        cursor->data = streams[index];
        cursor->size = stream_sizes[index];
        cursor->index = decoder->cursor_count;
        decoder->cursors[decoder->cursor_count++] = cursor;
    }
    if (status == CTF_DECODER_FAILED && (error == NULL || size == 0 || error[0] == '\0')) say(error, size, "out of memory");
    return finish_open(decoder, status, result);
}

void ctf_decoder_close(struct ctf_decoder *decoder) {
    if (decoder == NULL) return;
    for (size_t index = 0; index < decoder->cursor_count; index++) {
        struct cursor *cursor = decoder->cursors[index];
        if (cursor->mapped) munmap((void *)cursor->data, cursor->size);
        free((void *)cursor->path);
        free(cursor);
    }
    for (size_t index = 0; index < decoder->trace_count; index++) {
        struct trace *trace = &decoder->traces[index];
        for (size_t stream = 0; stream < trace->stream_count; stream++) {
            struct stream_class *class = &trace->streams[stream];
            free(class->header.ops);
            for (size_t id = 0; id < class->id_count; id++) free(class->by_id[id].program.ops);
            free(class->by_id);
        }
        free(trace->streams);
        free(trace->cases);
        ctf_schema_free(&trace->schema);
    }
    free(decoder->traces);
    free(decoder->cursors);
    free(decoder->heap);
    record_partition_free(&decoder->partition);
    free(decoder);
}
