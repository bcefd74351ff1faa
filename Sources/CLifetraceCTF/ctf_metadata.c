/*
 * A trace's metadata, as the packet checker reads it (ctf_layout.h): the metadata file decoded to
 * TSDL text, then the subset of TSDL that says where a packet's header and context fields lie.
 *
 * The subset is what LTTng-UST 2.13 writes: `typealias`/`typedef` of integers and structures,
 * named structures, the `trace`, `stream`, `event`, `clock`, `env` and `callsite` blocks.
 * Enumerations, variants, strings, floating-point numbers and sequences are stepped over whole;
 * they make the layout unsupported only when the packet header or a packet context holds one.
 * Anything else is unsupported: the checker then validates nothing rather than guess. Two syntax
 * errors are reported as such, since no valid TSDL has them: text cut inside a comment, a string or
 * a block, and a byte that TSDL holds only in strings and comments. A name used without a
 * declaration is remarked on (babeltrace2's own error does not say where).
 *
 * Costs are linear in the text: names are found through a hash table, each type is measured once,
 * nested constructs are bounded in depth, and every token is read once.
 */
#include "ctf_layout.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const ctf_role_names[CTF_ROLES] = {
    "magic", "uuid", "stream_id", "stream_instance_id", "timestamp_begin", "timestamp_end",
    "content_size", "packet_size", "packet_seq_num", "events_discarded",
};

__attribute__((format(printf, 3, 4)))
static void describe(struct ctf_problem *problem, uint64_t offset, const char *format, ...) {
    problem->offset = offset;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(problem->message, sizeof problem->message, format, arguments);
    va_end(arguments);
}

/* ---- Decoding the file ------------------------------------------------------------------------ */

#define METADATA_MAGIC 0x75D11D57u
#define METADATA_HEADER_BYTES 37u

static uint32_t load32(const uint8_t *bytes, int big_endian) {
    return big_endian
        ? (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3]
        : (uint32_t)bytes[3] << 24 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[1] << 8 | bytes[0];
}

static int add_piece(struct ctf_metadata *metadata, size_t *capacity, uint64_t text_start, uint64_t file_start) {
    if (metadata->piece_count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 16;
        uint64_t *texts = realloc(metadata->text_start, grown * sizeof *texts);
        if (texts == NULL) return 0;
        metadata->text_start = texts;
        uint64_t *files = realloc(metadata->file_start, grown * sizeof *files);
        if (files == NULL) return 0;
        metadata->file_start = files;
        *capacity = grown;
    }
    metadata->text_start[metadata->piece_count] = text_start;
    metadata->file_start[metadata->piece_count] = file_start;
    metadata->piece_count++;
    return 1;
}

enum ctf_metadata_status ctf_metadata_decode(const uint8_t *data, size_t size, struct ctf_metadata *metadata,
    struct ctf_problem *problem) {
    memset(metadata, 0, sizeof *metadata);
    size_t pieces = 0;
    if (size == 0) {
        describe(problem, 0, "the metadata file is empty; expected a metadata packet (magic 0x75D11D57) or TSDL text");
        return CTF_METADATA_BAD;
    }
    int packetized = size >= 4 && (load32(data, 0) == METADATA_MAGIC || load32(data, 1) == METADATA_MAGIC);
    /* The text is never longer than the file (plus its terminating NUL). */
    metadata->text = malloc(size + 1);
    if (metadata->text == NULL) goto memory;
    if (!packetized) {
        memcpy(metadata->text, data, size);
        metadata->text_size = size;
        if (!add_piece(metadata, &pieces, 0, 0)) goto memory;
    } else {
        int big_endian = load32(data, 1) == METADATA_MAGIC;
        const uint8_t *uuid = data + 4;
        uint64_t offset = 0;
        while (offset < size) {
            const uint8_t *header = data + offset;
            if (size - offset < METADATA_HEADER_BYTES) {
                describe(problem, size,
                    "the file ends %" PRIu64 " bytes into the header of the metadata packet at byte %" PRIu64
                    " (a header has %u bytes): the metadata is cut",
                    (uint64_t)size - offset, offset, METADATA_HEADER_BYTES);
                goto bad;
            }
            uint32_t magic = load32(header, big_endian);
            if (magic != METADATA_MAGIC) {
                describe(problem, offset, "expected a metadata packet's magic 0x75D11D57, found 0x%08" PRIX32, magic);
                goto bad;
            }
            if (memcmp(header + 4, uuid, 16) != 0) {
                describe(problem, offset + 4, "the metadata packet's uuid differs from the first packet's");
                goto bad;
            }
            uint32_t checksum = load32(header + 20, big_endian);
            uint32_t content_bits = load32(header + 24, big_endian);
            uint32_t packet_bits = load32(header + 28, big_endian);
            uint8_t compression = header[32], encryption = header[33], checksum_scheme = header[34];
            uint8_t major = header[35], minor = header[36];
            if (compression != 0 || encryption != 0 || checksum_scheme != 0 || checksum != 0) {
                describe(problem, offset + 20,
                    "the metadata packet is compressed, encrypted or checksummed (schemes %u, %u, %u; checksum 0x%08" PRIX32
                    "); expected none, the only form babeltrace2 reads",
                    compression, encryption, checksum_scheme, checksum);
                goto bad;
            }
            if (major != 1 || minor != 8) {
                describe(problem, offset + 35, "the metadata packet's version is %u.%u; expected 1.8", major, minor);
                goto bad;
            }
            if (content_bits % 8 != 0 || packet_bits % 8 != 0) {
                describe(problem, offset + 24,
                    "the metadata packet's content_size (%" PRIu32 " bits) or packet_size (%" PRIu32
                    " bits) is not a whole number of bytes",
                    content_bits, packet_bits);
                goto bad;
            }
            if (content_bits / 8 < METADATA_HEADER_BYTES || content_bits > packet_bits) {
                describe(problem, offset + 24,
                    "the metadata packet's content_size (%" PRIu32 " bits) is not between its header's %u bits and its packet_size (%" PRIu32 " bits)",
                    content_bits, METADATA_HEADER_BYTES * 8, packet_bits);
                goto bad;
            }
            uint64_t packet_bytes = packet_bits / 8, content_bytes = content_bits / 8;
            if (packet_bytes > size - offset) {
                describe(problem, size,
                    "the file ends %" PRIu64 " bytes into the metadata packet at byte %" PRIu64
                    ", which declares %" PRIu64 " bytes (packet_size): the metadata is cut (or that size is corrupt)",
                    (uint64_t)size - offset, offset, packet_bytes);
                goto bad;
            }
            if (!add_piece(metadata, &pieces, metadata->text_size, offset + METADATA_HEADER_BYTES)) goto memory;
            memcpy(metadata->text + metadata->text_size, header + METADATA_HEADER_BYTES, content_bytes - METADATA_HEADER_BYTES);
            metadata->text_size += content_bytes - METADATA_HEADER_BYTES;
            offset += packet_bytes;
        }
    }
    const char *nul = memchr(metadata->text, '\0', metadata->text_size);
    if (nul != NULL) {
        describe(problem, ctf_metadata_file_offset(metadata, (uint64_t)(nul - metadata->text)),
            "a NUL byte in the metadata's TSDL text; expected text");
        goto bad;
    }
    metadata->text[metadata->text_size] = '\0';
    return CTF_METADATA_OK;
memory:
    describe(problem, 0, "out of memory");
bad:
    ctf_metadata_free(metadata);
    return CTF_METADATA_BAD;
}

void ctf_metadata_free(struct ctf_metadata *metadata) {
    free(metadata->text);
    free(metadata->text_start);
    free(metadata->file_start);
    memset(metadata, 0, sizeof *metadata);
}

uint64_t ctf_metadata_file_offset(const struct ctf_metadata *metadata, uint64_t text_offset) {
    if (metadata->piece_count == 0) return text_offset;
    /* The last piece starting at or before the offset (binary search). */
    size_t low = 0, high = metadata->piece_count;
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        if (metadata->text_start[middle] <= text_offset) low = middle; else high = middle;
    }
    return metadata->file_start[low] + (text_offset - metadata->text_start[low]);
}

/* ---- Tokens ----------------------------------------------------------------------------------- */

enum token_kind { TOKEN_END, TOKEN_IDENTIFIER, TOKEN_NUMBER, TOKEN_STRING, TOKEN_PUNCTUATION };

struct token {
    enum token_kind kind;
    size_t start;       /* text offset */
    size_t length;      /* identifiers; strings without their quotes */
    uint64_t number;
    int overflow;       /* a number past 2^64 - 1 */
    char punctuation[4];
};

/* ---- Types: struct ctf_type (ctf_layout.h) --------------------------------------------------- */

/* ---- Memory: an arena freed at once ----------------------------------------------------------- */

struct arena_block {
    struct arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char bytes[];
};

struct arena {
    struct arena_block *head;
};

static void *arena_alloc(struct arena *arena, size_t size) {
    size = (size + 15) & ~(size_t)15;
    struct arena_block *block = arena->head;
    if (block == NULL || block->size - block->used < size) {
        size_t capacity = size > 65536 ? size : 65536;
        block = malloc(sizeof *block + capacity);
        if (block == NULL) return NULL;
        block->next = arena->head;
        block->used = 0;
        block->size = capacity;
        arena->head = block;
    }
    void *memory = block->bytes + block->used;
    block->used += size;
    memset(memory, 0, size);
    return memory;
}

static void arena_free(struct arena *arena) {
    while (arena->head != NULL) {
        struct arena_block *next = arena->head->next;
        free(arena->head);
        arena->head = next;
    }
}

/* ---- Names: type aliases and named structures ------------------------------------------------- */

struct name_entry {
    const char *name; /* in the arena; NULL: free */
    const struct ctf_type *type;
};

struct name_table {
    struct name_entry *entries;
    size_t capacity, count;
};

static uint64_t hash_name(const char *name) {
    uint64_t hash = 1469598103934665603ULL;
    for (; *name; name++) hash = (hash ^ (unsigned char)*name) * 1099511628211ULL;
    return hash;
}

static const struct ctf_type *name_find(const struct name_table *table, const char *name) {
    if (table->capacity == 0) return NULL;
    for (size_t slot = hash_name(name) & (table->capacity - 1);; slot = (slot + 1) & (table->capacity - 1)) {
        const struct name_entry *entry = &table->entries[slot];
        if (entry->name == NULL) return NULL;
        if (strcmp(entry->name, name) == 0) return entry->type;
    }
}

/* Defines (or redefines) `name`; `name` lives in the arena. Returns 0 when memory runs out. */
static int name_define(struct name_table *table, const char *name, const struct ctf_type *type) {
    if ((table->count + 1) * 2 > table->capacity) {
        size_t capacity = table->capacity ? table->capacity * 2 : 64;
        struct name_entry *entries = calloc(capacity, sizeof *entries);
        if (entries == NULL) return 0;
        for (size_t index = 0; index < table->capacity; index++) {
            if (table->entries[index].name == NULL) continue;
            size_t slot = hash_name(table->entries[index].name) & (capacity - 1);
            while (entries[slot].name != NULL) slot = (slot + 1) & (capacity - 1);
            entries[slot] = table->entries[index];
        }
        free(table->entries);
        table->entries = entries;
        table->capacity = capacity;
    }
    size_t slot = hash_name(name) & (table->capacity - 1);
    while (table->entries[slot].name != NULL) {
        if (strcmp(table->entries[slot].name, name) == 0) {
            table->entries[slot].type = type;
            return 1;
        }
        slot = (slot + 1) & (table->capacity - 1);
    }
    table->entries[slot].name = name;
    table->entries[slot].type = type;
    table->count++;
    return 1;
}

/* ---- The parser ------------------------------------------------------------------------------- */

/* Nested structures, blocks and bracketed groups deeper than this are not read. */
#define MAX_DEPTH 64
/* The most fields a packet header or context may have for the checker to read it. */
#define MAX_LAYOUT_FIELDS 256

struct parser {
    int full; /* the decoder's parse (every type and event class), not the checker's */
    const struct ctf_metadata *metadata;
    const char *text;
    size_t size;
    size_t position;
    struct token token;
    enum ctf_metadata_status status;
    struct ctf_problem *problem;
    struct arena arena;
    struct name_table names;
    int depth;
    /* The innermost construct open, for the message when the text ends inside it. */
    const char *open_what;
    size_t open_at;
    /* What the blocks said. */
    int has_trace;
    enum ctf_byte_order trace_order;
    int has_uuid;
    uint8_t uuid[16];
    const struct ctf_type *header;
    struct ctf_stream_declaration *streams;
    size_t stream_count, stream_capacity;
    struct ctf_event_declaration *events;
    size_t event_count, event_capacity;
    struct ctf_clock clocks[16];
    size_t clock_count;
    const char *hostname; /* the env block's `hostname` (NULL: none), in the arena */
    int has_note;
    struct ctf_problem note;
};

static uint64_t file_offset(const struct parser *parser, size_t text_offset) {
    return ctf_metadata_file_offset(parser->metadata, text_offset);
}

__attribute__((format(printf, 4, 5)))
static void fail(struct parser *parser, enum ctf_metadata_status status, size_t text_offset, const char *format, ...) {
    if (parser->status != CTF_METADATA_OK) return;
    parser->status = status;
    parser->problem->offset = file_offset(parser, text_offset);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(parser->problem->message, sizeof parser->problem->message, format, arguments);
    va_end(arguments);
}

/* Remembers the first name used without a declaration. */
static void note_undeclared(struct parser *parser, size_t text_offset, const char *kind, const char *name) {
    if (parser->has_note) return;
    parser->has_note = 1;
    parser->note.offset = file_offset(parser, text_offset);
    snprintf(parser->note.message, sizeof parser->note.message, "%s`%s` is used but not declared before", kind, name);
}

static void fail_memory(struct parser *parser) {
    fail(parser, CTF_METADATA_BAD, 0, "out of memory");
}

/* The text ends inside a construct: the metadata was cut. */
static void fail_cut(struct parser *parser, size_t opened_at, const char *what, const char *expected) {
    fail(parser, CTF_METADATA_BAD, parser->size,
        "the metadata's text ends inside %s opened at byte %" PRIu64 "%s%s: the metadata is cut", what,
        file_offset(parser, opened_at), expected ? ", where the grammar expects " : "", expected ? expected : "");
}

static int is_identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Reads the next token into parser->token. */
static void advance(struct parser *parser) {
    const char *text = parser->text;
    size_t size = parser->size, at = parser->position;
    struct token *token = &parser->token;
    for (;;) {
        while (at < size && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        if (at + 1 < size && text[at] == '/' && text[at + 1] == '*') {
            size_t opened = at;
            at += 2;
            while (at + 1 < size && !(text[at] == '*' && text[at + 1] == '/')) at++;
            if (at + 1 >= size) {
                parser->position = size;
                token->kind = TOKEN_END;
                token->start = size;
                fail_cut(parser, opened, "a comment", NULL);
                return;
            }
            at += 2;
            continue;
        }
        if (at + 1 < size && text[at] == '/' && text[at + 1] == '/') {
            while (at < size && text[at] != '\n') at++;
            continue;
        }
        break;
    }
    memset(token, 0, sizeof *token);
    token->start = at;
    if (at >= size) {
        token->kind = TOKEN_END;
        parser->position = size;
        return;
    }
    char c = text[at];
    if (is_identifier_start(c)) {
        size_t end = at + 1;
        while (end < size && (is_identifier_start(text[end]) || is_digit(text[end]))) end++;
        token->kind = TOKEN_IDENTIFIER;
        token->length = end - at;
        parser->position = end;
        return;
    }
    if (is_digit(c)) {
        size_t end = at;
        unsigned base = 10;
        if (c == '0' && end + 1 < size && (text[end + 1] == 'x' || text[end + 1] == 'X')) {
            base = 16;
            end += 2;
        } else if (c == '0') {
            base = 8;
        }
        uint64_t value = 0;
        int digits = 0;
        for (; end < size; end++) {
            char d = text[end];
            unsigned digit;
            if (d >= '0' && d <= '9') digit = (unsigned)(d - '0');
            else if (d >= 'a' && d <= 'f') digit = (unsigned)(d - 'a' + 10);
            else if (d >= 'A' && d <= 'F') digit = (unsigned)(d - 'A' + 10);
            else break;
            if (digit >= base) break;
            if (value > (UINT64_MAX - digit) / base) token->overflow = 1;
            value = value * base + digit;
            digits++;
        }
        if (base == 16 && digits == 0) token->overflow = 1; /* "0x" alone: not a number we read */
        while (end < size && (text[end] == 'u' || text[end] == 'U' || text[end] == 'l' || text[end] == 'L')) end++;
        token->kind = TOKEN_NUMBER;
        token->number = value;
        token->length = end - at;
        parser->position = end;
        return;
    }
    if (c == '"' || c == '\'') {
        size_t end = at + 1;
        while (end < size && text[end] != c) end += text[end] == '\\' ? 2 : 1;
        if (end >= size) {
            parser->position = size;
            token->kind = TOKEN_END;
            token->start = size;
            fail_cut(parser, at, c == '"' ? "a string" : "a character literal", NULL);
            return;
        }
        token->kind = TOKEN_STRING;
        token->start = at + 1;
        token->length = end - at - 1;
        parser->position = end + 1;
        return;
    }
    /* TSDL's punctuation (and `->`); any other byte outside strings and comments is no TSDL at
     * all: the text is corrupt, whatever the checker reads of it. */
    if (c == '\0' || strchr("[](){}*+-<>:;.=,", c) == NULL) {
        token->kind = TOKEN_END;
        parser->position = size;
        if (c == '\\') {
            /* An identifier spelt with \u escapes: TSDL, but not what the checker reads. */
            fail(parser, CTF_METADATA_UNSUPPORTED, at, "a `\\` outside strings and comments");
        } else if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F) {
            fail(parser, CTF_METADATA_BAD, at, "`%c`, which TSDL text holds only in strings and comments: the metadata is corrupt", c);
        } else {
            fail(parser, CTF_METADATA_BAD, at, "byte 0x%02X, which TSDL text holds only in strings and comments: the metadata is corrupt",
                (unsigned)(unsigned char)c);
        }
        return;
    }
    token->kind = TOKEN_PUNCTUATION;
    if (c == '-' && at + 1 < size && text[at + 1] == '>') {
        memcpy(token->punctuation, "->", 3);
        parser->position = at + 2;
    } else if (c == ':' && at + 1 < size && text[at + 1] == '=') {
        memcpy(token->punctuation, ":=", 3);
        parser->position = at + 2;
    } else if (c == '.' && at + 2 < size && text[at + 1] == '.' && text[at + 2] == '.') {
        memcpy(token->punctuation, "...", 4);
        parser->position = at + 3;
    } else {
        token->punctuation[0] = c;
        parser->position = at + 1;
    }
}

static int failed(const struct parser *parser) { return parser->status != CTF_METADATA_OK; }

static int at_punctuation(const struct parser *parser, const char *punctuation) {
    return parser->token.kind == TOKEN_PUNCTUATION && strcmp(parser->token.punctuation, punctuation) == 0;
}

static int at_word(const struct parser *parser, const char *word) {
    size_t length = strlen(word);
    return parser->token.kind == TOKEN_IDENTIFIER && parser->token.length == length
        && memcmp(parser->text + parser->token.start, word, length) == 0;
}

/* What the current token is, for a message. */
static void token_text(const struct parser *parser, char *buffer, size_t size) {
    const struct token *token = &parser->token;
    switch (token->kind) {
    case TOKEN_END: snprintf(buffer, size, "the end of the text"); break;
    case TOKEN_PUNCTUATION:
        if ((unsigned char)token->punctuation[0] < 0x20 || (unsigned char)token->punctuation[0] >= 0x7F) {
            snprintf(buffer, size, "byte 0x%02X", (unsigned char)token->punctuation[0]);
        } else {
            snprintf(buffer, size, "`%s`", token->punctuation);
        }
        break;
    case TOKEN_STRING: snprintf(buffer, size, "a string"); break;
    default: {
        size_t length = token->length > 40 ? 40 : token->length;
        snprintf(buffer, size, "`%.*s`", (int)length, parser->text + token->start);
    }
    }
}

/* The current token is not what the grammar (or the checker's subset of it) allows. */
static void unexpected(struct parser *parser, const char *expected) {
    if (failed(parser)) return;
    if (parser->token.kind == TOKEN_END) {
        fail_cut(parser, parser->open_what ? parser->open_at : parser->token.start,
            parser->open_what ? parser->open_what : "a declaration", expected);
        return;
    }
    char found[64];
    token_text(parser, found, sizeof found);
    fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "%s where the checker expected %s", found, expected);
}

static int expect(struct parser *parser, const char *punctuation) {
    if (failed(parser)) return 0;
    if (!at_punctuation(parser, punctuation)) {
        char expected[16];
        snprintf(expected, sizeof expected, "`%s`", punctuation);
        unexpected(parser, expected);
        return 0;
    }
    advance(parser);
    return !failed(parser);
}

/* Steps over a bracketed group, the current token being its opening bracket. */
static void skip_group(struct parser *parser) {
    static const char opening[] = "{[(<", closing[] = "}])>";
    char stack[MAX_DEPTH];
    int depth = 0;
    size_t opened = parser->token.start;
    do {
        if (failed(parser)) return;
        if (parser->token.kind == TOKEN_END) {
            fail_cut(parser, opened, "a bracketed group", "its closing bracket");
            return;
        }
        if (parser->token.kind == TOKEN_PUNCTUATION && parser->token.punctuation[1] == '\0') {
            const char *open = strchr(opening, parser->token.punctuation[0]);
            const char *close = strchr(closing, parser->token.punctuation[0]);
            if (open != NULL && parser->token.punctuation[0] != '\0') {
                if (depth == MAX_DEPTH) {
                    fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "brackets nested deeper than %d", MAX_DEPTH);
                    return;
                }
                stack[depth++] = closing[open - opening];
            } else if (close != NULL && parser->token.punctuation[0] != '\0') {
                if (stack[depth - 1] != parser->token.punctuation[0]) {
                    char found[64];
                    token_text(parser, found, sizeof found);
                    fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "%s closes no bracket opened before", found);
                    return;
                }
                depth--;
            }
        }
        advance(parser);
    } while (depth > 0);
}

/* The identifier `name` of the current token, copied (NUL-terminated); 0 when too long. */
static int copy_identifier(const struct parser *parser, char *buffer, size_t size) {
    if (parser->token.length >= size) return 0;
    memcpy(buffer, parser->text + parser->token.start, parser->token.length);
    buffer[parser->token.length] = '\0';
    return 1;
}

static char *arena_string(struct parser *parser, const char *text, size_t length) {
    char *copy = arena_alloc(&parser->arena, length + 1);
    if (copy == NULL) {
        fail_memory(parser);
        return NULL;
    }
    memcpy(copy, text, length);
    copy[length] = '\0';
    return copy;
}

static struct ctf_type *new_type(struct parser *parser, enum ctf_type_kind kind) {
    struct ctf_type *type = arena_alloc(&parser->arena, sizeof *type);
    if (type == NULL) {
        fail_memory(parser);
        return NULL;
    }
    type->kind = kind;
    type->align = 8;
    return type;
}

static const struct ctf_type *other_type(struct parser *parser, const char *what) {
    struct ctf_type *type = new_type(parser, CTF_TYPE_OTHER);
    if (type) type->what = what;
    return type;
}

static const struct ctf_type *parse_type(struct parser *parser, char *declarator, size_t declarator_size, int *has_declarator);

/* `= VALUE ;`'s value, stepped over: a number (signed), a string, a dotted identifier. */
static void skip_value(struct parser *parser) {
    if (at_punctuation(parser, "-") || at_punctuation(parser, "+")) advance(parser);
    if (parser->token.kind == TOKEN_NUMBER || parser->token.kind == TOKEN_STRING) {
        advance(parser);
        return;
    }
    if (parser->token.kind == TOKEN_IDENTIFIER) {
        advance(parser);
        while (!failed(parser) && at_punctuation(parser, ".")) {
            advance(parser);
            if (parser->token.kind != TOKEN_IDENTIFIER) {
                unexpected(parser, "an identifier");
                return;
            }
            advance(parser);
        }
        return;
    }
    if (at_punctuation(parser, "{")) {
        skip_group(parser);
        return;
    }
    unexpected(parser, "a value");
}

/* A number value, possibly negative. */
static int parse_number(struct parser *parser, int64_t *value, uint64_t *unsigned_value) {
    int negative = 0;
    if (at_punctuation(parser, "-")) {
        negative = 1;
        advance(parser);
    } else if (at_punctuation(parser, "+")) {
        advance(parser);
    }
    if (parser->token.kind != TOKEN_NUMBER) {
        unexpected(parser, "a number");
        return 0;
    }
    if (parser->token.overflow || (negative && parser->token.number > (uint64_t)INT64_MAX + 1)) {
        fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a number out of the checker's range");
        return 0;
    }
    uint64_t magnitude = parser->token.number;
    if (unsigned_value) {
        if (negative) {
            fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a negative number where the checker reads an unsigned one");
            return 0;
        }
        *unsigned_value = magnitude;
    }
    if (value) {
        if (!negative && magnitude > (uint64_t)INT64_MAX) {
            fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a number out of the checker's range");
            return 0;
        }
        *value = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
    }
    advance(parser);
    return !failed(parser);
}

/* `integer { size = 32; align = 8; signed = false; byte_order = be; map = clock.NAME.value; … }` */
static const struct ctf_type *parse_integer(struct parser *parser) {
    struct ctf_type *type = new_type(parser, CTF_TYPE_INTEGER);
    if (type == NULL) return NULL;
    size_t opened = parser->token.start;
    advance(parser);
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = "an integer's attributes";
    parser->open_at = opened;
    uint32_t align = 0;
    if (!expect(parser, "{")) return NULL;
    while (!failed(parser) && !at_punctuation(parser, "}")) {
        if (parser->token.kind != TOKEN_IDENTIFIER) {
            unexpected(parser, "an integer attribute");
            return NULL;
        }
        size_t attribute_at = parser->token.start;
        char attribute[32] = "";
        copy_identifier(parser, attribute, sizeof attribute);
        advance(parser);
        if (!expect(parser, "=")) return NULL;
        if (strcmp(attribute, "size") == 0 || strcmp(attribute, "align") == 0) {
            uint64_t value = 0;
            if (!parse_number(parser, NULL, &value)) return NULL;
            if (attribute[0] == 's' && (value < 1 || value > 64)) {
                fail(parser, CTF_METADATA_UNSUPPORTED, attribute_at, "an integer of %" PRIu64 " bits (the checker reads 1 to 64)", value);
                return NULL;
            }
            if (attribute[0] == 'a' && (value == 0 || value > 4096 || (value & (value - 1)) != 0)) {
                fail(parser, CTF_METADATA_UNSUPPORTED, attribute_at, "an alignment of %" PRIu64 " bits (the checker reads powers of two up to 4096)", value);
                return NULL;
            }
            if (attribute[0] == 's') type->bits = (uint32_t)value; else align = (uint32_t)value;
        } else if (strcmp(attribute, "byte_order") == 0) {
            if (at_word(parser, "le") || at_word(parser, "little")) type->order = CTF_ORDER_LITTLE;
            else if (at_word(parser, "be") || at_word(parser, "big") || at_word(parser, "network")) type->order = CTF_ORDER_BIG;
            else if (at_word(parser, "native")) type->order = CTF_ORDER_TRACE;
            else {
                unexpected(parser, "le, be, network or native");
                return NULL;
            }
            advance(parser);
        } else if (strcmp(attribute, "map") == 0) {
            /* clock.NAME.value */
            if (!at_word(parser, "clock")) {
                skip_value(parser);
            } else {
                advance(parser);
                if (!expect(parser, ".")) return NULL;
                if (parser->token.kind != TOKEN_IDENTIFIER || !copy_identifier(parser, type->clock, sizeof type->clock)) {
                    unexpected(parser, "a clock's name");
                    return NULL;
                }
                advance(parser);
                while (!failed(parser) && at_punctuation(parser, ".")) {
                    advance(parser);
                    if (parser->token.kind != TOKEN_IDENTIFIER) {
                        unexpected(parser, "an identifier");
                        return NULL;
                    }
                    advance(parser);
                }
            }
        } else if (strcmp(attribute, "signed") == 0) {
            if (at_word(parser, "true") || at_word(parser, "TRUE")) type->is_signed = 1;
            else if (parser->token.kind == TOKEN_NUMBER) type->is_signed = parser->token.number != 0;
            skip_value(parser);
        } else if (strcmp(attribute, "encoding") == 0) {
            if (at_word(parser, "UTF8") || at_word(parser, "utf8") || at_word(parser, "ASCII") || at_word(parser, "ascii")) {
                type->encoding = CTF_ENCODING_TEXT;
            }
            skip_value(parser);
        } else {
            skip_value(parser); /* base: how a value is shown, not read */
        }
        if (!expect(parser, ";")) return NULL;
    }
    if (!expect(parser, "}")) return NULL;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
    if (type->bits == 0) {
        fail(parser, CTF_METADATA_UNSUPPORTED, opened, "an integer without a size");
        return NULL;
    }
    type->align = align ? align : (type->bits % 8 == 0 ? 8 : 1);
    return type;
}

/* `align(N)` after a structure. */
static int parse_align(struct parser *parser, uint32_t *align) {
    advance(parser);
    if (!expect(parser, "(")) return 0;
    uint64_t value = 0;
    size_t at = parser->token.start;
    if (!parse_number(parser, NULL, &value)) return 0;
    if (value == 0 || value > 4096 || (value & (value - 1)) != 0) {
        fail(parser, CTF_METADATA_UNSUPPORTED, at, "an alignment of %" PRIu64 " bits (the checker reads powers of two up to 4096)", value);
        return 0;
    }
    *align = (uint32_t)value;
    return expect(parser, ")");
}

static int add_member(struct parser *parser, struct ctf_member **members, size_t *count, size_t *capacity,
    const char *name, const struct ctf_type *type) {
    if (*count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 8;
        struct ctf_member *more = realloc(*members, grown * sizeof *more);
        if (more == NULL) {
            fail_memory(parser);
            return 0;
        }
        *members = more;
        *capacity = grown;
    }
    struct ctf_member *member = &(*members)[(*count)++];
    memset(member, 0, sizeof *member);
    snprintf(member->name, sizeof member->name, "%s", name);
    member->type = type;
    return 1;
}

/* A declarator's `[N]` (an array) or `[FIELD]` (a sequence) suffixes, applied to `type`. */
static const struct ctf_type *parse_dimensions(struct parser *parser, const struct ctf_type *type) {
    while (!failed(parser) && at_punctuation(parser, "[")) {
        size_t opened = parser->token.start;
        advance(parser);
        if (parser->token.kind == TOKEN_NUMBER && !parser->token.overflow) {
            struct ctf_type *array = new_type(parser, CTF_TYPE_ARRAY);
            if (array == NULL) return NULL;
            array->element = type;
            array->align = type->align;
            array->length = parser->token.number;
            advance(parser);
            if (!expect(parser, "]")) return NULL;
            type = array;
        } else {
            /* A sequence: its length is another field's value, named by a (dotted) path. */
            const char *outer_what = parser->open_what;
            size_t outer_at = parser->open_at;
            parser->open_what = "a sequence's length";
            parser->open_at = opened;
            char path[256] = "";
            size_t used = 0;
            int readable = 1;
            while (!failed(parser) && !at_punctuation(parser, "]")) {
                if (parser->token.kind == TOKEN_END) {
                    unexpected(parser, "`]`");
                    return NULL;
                }
                if (parser->token.kind == TOKEN_IDENTIFIER && used + parser->token.length + 1 < sizeof path) {
                    memcpy(path + used, parser->text + parser->token.start, parser->token.length);
                    used += parser->token.length;
                } else if (at_punctuation(parser, ".") && used + 2 < sizeof path) {
                    path[used++] = '.';
                } else {
                    readable = 0;
                }
                path[used] = '\0';
                advance(parser);
            }
            if (!expect(parser, "]")) return NULL;
            parser->open_what = outer_what;
            parser->open_at = outer_at;
            struct ctf_type *sequence = new_type(parser, CTF_TYPE_SEQUENCE);
            if (sequence == NULL) return NULL;
            sequence->what = "a sequence";
            sequence->element = type;
            sequence->align = type->align;
            sequence->path = readable && used ? arena_string(parser, path, used) : NULL;
            type = sequence;
        }
    }
    return type;
}

/* A declaration: a type, then its name (unless the type's own syntax named it) and its dimensions.
 * `name` receives the name; `what` says what was expected when the name is missing. NULL once the
 * parser failed. */
static const struct ctf_type *parse_declaration(struct parser *parser, char *name, size_t size, const char *what) {
    int has_name = 0;
    const struct ctf_type *type = parse_type(parser, name, size, &has_name);
    if (failed(parser)) return NULL;
    if (!has_name) {
        if (parser->token.kind != TOKEN_IDENTIFIER || !copy_identifier(parser, name, size)) {
            unexpected(parser, what);
            return NULL;
        }
        advance(parser);
    }
    type = parse_dimensions(parser, type);
    return failed(parser) ? NULL : type;
}

/* `struct [NAME] [{ MEMBERS }] [align(N)]` */
static const struct ctf_type *parse_struct(struct parser *parser) {
    size_t opened = parser->token.start;
    advance(parser);
    char name[80] = "";
    if (parser->token.kind == TOKEN_IDENTIFIER) {
        memcpy(name, "struct ", 7);
        if (!copy_identifier(parser, name + 7, sizeof name - 7)) {
            fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a structure name longer than the checker reads");
            return NULL;
        }
        advance(parser);
    }
    const struct ctf_type *result = NULL;
    if (at_punctuation(parser, "{")) {
        if (++parser->depth > MAX_DEPTH) {
            fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "structures nested deeper than %d", MAX_DEPTH);
            return NULL;
        }
        const char *outer_what = parser->open_what;
        size_t outer_at = parser->open_at;
        parser->open_what = "a structure";
        parser->open_at = opened;
        advance(parser);
        struct ctf_member *members = NULL;
        size_t count = 0, capacity = 0;
        while (!failed(parser) && !at_punctuation(parser, "}")) {
            char declarator[64] = "";
            const struct ctf_type *type = parse_declaration(parser, declarator, sizeof declarator, "a field name");
            if (type == NULL || !add_member(parser, &members, &count, &capacity, declarator, type)) break;
            if (!expect(parser, ";")) break;
        }
        if (!failed(parser)) expect(parser, "}");
        struct ctf_type *structure = NULL;
        if (!failed(parser)) {
            structure = new_type(parser, CTF_TYPE_STRUCT);
            if (structure != NULL && count > 0) {
                structure->members = arena_alloc(&parser->arena, count * sizeof *members);
                if (structure->members == NULL) fail_memory(parser);
                else memcpy(structure->members, members, count * sizeof *members);
            }
        }
        free(members);
        if (failed(parser) || structure == NULL) return NULL;
        structure->member_count = count;
        structure->align = 1;
        parser->depth--;
        parser->open_what = outer_what;
        parser->open_at = outer_at;
        if (name[0] != '\0') {
            char *key = arena_string(parser, name, strlen(name));
            if (key == NULL || !name_define(&parser->names, key, structure)) {
                fail_memory(parser);
                return NULL;
            }
        }
        result = structure;
    } else if (name[0] != '\0') {
        result = name_find(&parser->names, name);
        if (result == NULL) {
            note_undeclared(parser, opened, "", name);
            result = other_type(parser, "an undeclared structure");
        }
    } else {
        unexpected(parser, "a structure's name or `{`");
        return NULL;
    }
    if (at_word(parser, "align")) {
        uint32_t align = 0;
        if (!parse_align(parser, &align)) return NULL;
        if (result->kind == CTF_TYPE_STRUCT) {
            struct ctf_type *aligned = new_type(parser, CTF_TYPE_STRUCT);
            if (aligned == NULL) return NULL;
            *aligned = *result;
            aligned->align = align;
            result = aligned;
        }
    }
    return result;
}

/* `enum [NAME] [: TYPE] [{ … }]`, `variant [NAME] [<TAG>] [{ … }]`, `floating_point { … }`,
 * `string [{ … }]`: stepped over, as the checker reads them (the decoder parses them: below). */
static const struct ctf_type *skip_other(struct parser *parser, const char *keyword) {
    advance(parser);
    if (strcmp(keyword, "enum") == 0) {
        if (parser->token.kind == TOKEN_IDENTIFIER) advance(parser);
        if (at_punctuation(parser, ":")) {
            advance(parser);
            if (at_word(parser, "integer")) {
                parse_integer(parser);
            } else {
                while (!failed(parser) && parser->token.kind == TOKEN_IDENTIFIER) advance(parser);
            }
        }
        if (!failed(parser) && at_punctuation(parser, "{")) skip_group(parser);
        return failed(parser) ? NULL : other_type(parser, "an enumeration");
    }
    if (strcmp(keyword, "variant") == 0) {
        if (parser->token.kind == TOKEN_IDENTIFIER) advance(parser);
        if (at_punctuation(parser, "<")) skip_group(parser);
        if (!failed(parser) && at_punctuation(parser, "{")) skip_group(parser);
        return failed(parser) ? NULL : other_type(parser, "a variant");
    }
    if (strcmp(keyword, "floating_point") == 0) {
        if (!at_punctuation(parser, "{")) {
            unexpected(parser, "`{`");
            return NULL;
        }
        skip_group(parser);
        return failed(parser) ? NULL : other_type(parser, "a floating-point number");
    }
    if (at_punctuation(parser, "{")) skip_group(parser);
    return failed(parser) ? NULL : other_type(parser, "a string");
}

/* A name (`enum NAME`, `variant NAME`) or NULL when the current token is no identifier. */
static int parse_kind_name(struct parser *parser, const char *kind, char *name, size_t size) {
    name[0] = '\0';
    if (parser->token.kind != TOKEN_IDENTIFIER) return 1;
    size_t prefix = strlen(kind);
    if (prefix + 1 + parser->token.length + 1 > size) {
        fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a %s name longer than the checker reads", kind);
        return 0;
    }
    memcpy(name, kind, prefix);
    name[prefix] = ' ';
    memcpy(name + prefix + 1, parser->text + parser->token.start, parser->token.length);
    name[prefix + 1 + parser->token.length] = '\0';
    advance(parser);
    return !failed(parser);
}

static int define_kind_name(struct parser *parser, const char *name, const struct ctf_type *type) {
    if (name[0] == '\0') return 1;
    char *key = arena_string(parser, name, strlen(name));
    if (key == NULL || !name_define(&parser->names, key, type)) {
        fail_memory(parser);
        return 0;
    }
    return 1;
}

/* `enum [NAME] [: CONTAINER] [{ LABEL [= VALUE [... VALUE]], … }]` */
static const struct ctf_type *parse_enum(struct parser *parser) {
    size_t opened = parser->token.start;
    advance(parser);
    char name[96];
    if (!parse_kind_name(parser, "enum", name, sizeof name)) return NULL;
    const struct ctf_type *container = NULL;
    int has_container = 0;
    if (at_punctuation(parser, ":")) {
        advance(parser);
        has_container = 1;
        container = parse_type(parser, NULL, 0, NULL);
        if (failed(parser)) return NULL;
    }
    if (!at_punctuation(parser, "{")) {
        if (name[0] == '\0') {
            unexpected(parser, "an enumeration's `{`");
            return NULL;
        }
        const struct ctf_type *named = name_find(&parser->names, name);
        if (named == NULL) {
            note_undeclared(parser, opened, "", name);
            return other_type(parser, "an enumeration");
        }
        return named;
    }
    if (!has_container) container = name_find(&parser->names, "int"); /* TSDL's default container */
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = "an enumeration";
    parser->open_at = opened;
    advance(parser);
    struct ctf_mapping *mappings = NULL;
    size_t count = 0, capacity = 0;
    int64_t next = 0;
    while (!failed(parser) && !at_punctuation(parser, "}")) {
        if (parser->token.kind != TOKEN_IDENTIFIER && parser->token.kind != TOKEN_STRING) {
            unexpected(parser, "an enumeration's label");
            break;
        }
        char *label = arena_string(parser, parser->text + parser->token.start, parser->token.length);
        if (label == NULL) break;
        advance(parser);
        int64_t low = next, high = next;
        if (!failed(parser) && at_punctuation(parser, "=")) {
            advance(parser);
            uint64_t magnitude = 0;
            int negative = at_punctuation(parser, "-");
            /* Values up to 2^64 - 1 (unsigned containers) are kept as their two's complement. */
            if (negative) {
                if (!parse_number(parser, &low, NULL)) break;
            } else {
                if (!parse_number(parser, NULL, &magnitude)) break;
                low = (int64_t)magnitude;
            }
            high = low;
            if (at_punctuation(parser, "...")) {
                advance(parser);
                if (at_punctuation(parser, "-")) {
                    if (!parse_number(parser, &high, NULL)) break;
                } else {
                    if (!parse_number(parser, NULL, &magnitude)) break;
                    high = (int64_t)magnitude;
                }
            }
        }
        if (failed(parser)) break;
        next = high + 1;
        if (count == capacity) {
            size_t grown = capacity ? capacity * 2 : 8;
            struct ctf_mapping *more = realloc(mappings, grown * sizeof *more);
            if (more == NULL) {
                fail_memory(parser);
                break;
            }
            mappings = more;
            capacity = grown;
        }
        mappings[count].label = label;
        mappings[count].low = low;
        mappings[count].high = high;
        count++;
        if (at_punctuation(parser, ",")) advance(parser);
        else if (!at_punctuation(parser, "}")) unexpected(parser, "`,` or `}`");
    }
    if (!failed(parser)) expect(parser, "}");
    struct ctf_type *type = NULL;
    if (!failed(parser)) {
        if (container != NULL && (container->kind == CTF_TYPE_INTEGER || container->kind == CTF_TYPE_ENUM)) {
            type = new_type(parser, CTF_TYPE_ENUM);
            if (type != NULL) {
                *type = *container;
                type->kind = CTF_TYPE_ENUM;
                type->measured = 0;
            }
        } else {
            type = new_type(parser, CTF_TYPE_OTHER); /* no integer container: nothing reads it */
        }
        if (type != NULL) {
            type->what = "an enumeration";
            type->mapping_count = count;
            type->mappings = count ? arena_alloc(&parser->arena, count * sizeof *mappings) : NULL;
            if (count && type->mappings == NULL) fail_memory(parser);
            else if (count) memcpy(type->mappings, mappings, count * sizeof *mappings);
        }
    }
    free(mappings);
    if (failed(parser) || type == NULL) return NULL;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
    if (!define_kind_name(parser, name, type)) return NULL;
    return type;
}

/* `variant [NAME] [<TAG>] [{ DECLARATIONS }]` */
static const struct ctf_type *parse_variant(struct parser *parser) {
    size_t opened = parser->token.start;
    advance(parser);
    char name[96];
    if (!parse_kind_name(parser, "variant", name, sizeof name)) return NULL;
    const char *tag = NULL;
    if (at_punctuation(parser, "<")) {
        char path[256] = "";
        size_t used = 0;
        advance(parser);
        while (!failed(parser) && !at_punctuation(parser, ">")) {
            if (parser->token.kind == TOKEN_IDENTIFIER && used + parser->token.length + 1 < sizeof path) {
                memcpy(path + used, parser->text + parser->token.start, parser->token.length);
                used += parser->token.length;
            } else if (at_punctuation(parser, ".") && used + 2 < sizeof path) {
                path[used++] = '.';
            } else {
                unexpected(parser, "a variant's tag");
                return NULL;
            }
            path[used] = '\0';
            advance(parser);
        }
        if (!expect(parser, ">")) return NULL;
        if (used == 0) {
            unexpected(parser, "a variant's tag");
            return NULL;
        }
        tag = arena_string(parser, path, used);
        if (tag == NULL) return NULL;
    }
    if (!at_punctuation(parser, "{")) {
        if (name[0] == '\0') {
            unexpected(parser, "a variant's `{`");
            return NULL;
        }
        const struct ctf_type *named = name_find(&parser->names, name);
        if (named == NULL) {
            note_undeclared(parser, opened, "", name);
            return other_type(parser, "a variant");
        }
        if (tag == NULL || named->kind != CTF_TYPE_VARIANT) return named;
        struct ctf_type *tagged = new_type(parser, CTF_TYPE_VARIANT);
        if (tagged == NULL) return NULL;
        *tagged = *named;
        tagged->measured = 0;
        tagged->path = tag;
        return tagged;
    }
    if (++parser->depth > MAX_DEPTH) {
        fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "variants nested deeper than %d", MAX_DEPTH);
        return NULL;
    }
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = "a variant";
    parser->open_at = opened;
    advance(parser);
    struct ctf_member *members = NULL;
    size_t count = 0, capacity = 0;
    while (!failed(parser) && !at_punctuation(parser, "}")) {
        char declarator[64] = "";
        const struct ctf_type *type = parse_declaration(parser, declarator, sizeof declarator, "an option's name");
        if (type == NULL || !add_member(parser, &members, &count, &capacity, declarator, type)) break;
        if (!expect(parser, ";")) break;
    }
    if (!failed(parser)) expect(parser, "}");
    struct ctf_type *variant = NULL;
    if (!failed(parser)) {
        variant = new_type(parser, CTF_TYPE_VARIANT);
        if (variant != NULL) {
            variant->what = "a variant";
            variant->path = tag;
            variant->align = 1;
            variant->member_count = count;
            variant->members = count ? arena_alloc(&parser->arena, count * sizeof *members) : NULL;
            if (count && variant->members == NULL) fail_memory(parser);
            else if (count) memcpy(variant->members, members, count * sizeof *members);
        }
    }
    free(members);
    if (failed(parser) || variant == NULL) return NULL;
    parser->depth--;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
    if (!define_kind_name(parser, name, variant)) return NULL;
    return variant;
}

/* `floating_point { exp_dig = N; mant_dig = N; align = N; byte_order = X; }` */
static const struct ctf_type *parse_float(struct parser *parser) {
    size_t opened = parser->token.start;
    advance(parser);
    struct ctf_type *type = new_type(parser, CTF_TYPE_FLOAT);
    if (type == NULL) return NULL;
    type->what = "a floating-point number";
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = "a floating-point number's attributes";
    parser->open_at = opened;
    uint64_t align = 0;
    if (!expect(parser, "{")) return NULL;
    while (!failed(parser) && !at_punctuation(parser, "}")) {
        if (parser->token.kind != TOKEN_IDENTIFIER) {
            unexpected(parser, "a floating-point attribute");
            return NULL;
        }
        char attribute[32] = "";
        copy_identifier(parser, attribute, sizeof attribute);
        advance(parser);
        if (!expect(parser, "=")) return NULL;
        uint64_t value = 0;
        if (strcmp(attribute, "exp_dig") == 0 || strcmp(attribute, "mant_dig") == 0 || strcmp(attribute, "align") == 0) {
            if (!parse_number(parser, NULL, &value)) return NULL;
            if (value > 4096) value = 4096; /* out of every range read below: unsupported there */
            if (attribute[0] == 'e') type->exponent_digits = (uint32_t)value;
            else if (attribute[0] == 'm') type->mantissa_digits = (uint32_t)value;
            else align = value;
        } else if (strcmp(attribute, "byte_order") == 0) {
            if (at_word(parser, "le") || at_word(parser, "little")) type->order = CTF_ORDER_LITTLE;
            else if (at_word(parser, "be") || at_word(parser, "big") || at_word(parser, "network")) type->order = CTF_ORDER_BIG;
            skip_value(parser);
        } else {
            skip_value(parser);
        }
        if (!expect(parser, ";")) return NULL;
    }
    if (!expect(parser, "}")) return NULL;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
    type->bits = type->exponent_digits + type->mantissa_digits;
    type->align = align && (align & (align - 1)) == 0 ? (uint32_t)align : (type->bits % 8 == 0 ? 8 : 1);
    return type;
}

/* `string [{ encoding = …; }]` */
static const struct ctf_type *parse_string(struct parser *parser) {
    advance(parser);
    if (at_punctuation(parser, "{")) skip_group(parser);
    if (failed(parser)) return NULL;
    struct ctf_type *type = new_type(parser, CTF_TYPE_STRING);
    if (type) type->what = "a string";
    return type;
}

/* A type. A type named by an alias of one or more words (`uint32_t`, `unsigned long`) followed by a
 * field's name takes that name too: the last word is the declarator when `declarator` is given. */
static const struct ctf_type *parse_type(struct parser *parser, char *declarator, size_t declarator_size, int *has_declarator) {
    if (has_declarator) *has_declarator = 0;
    if (parser->token.kind != TOKEN_IDENTIFIER) {
        unexpected(parser, "a type");
        return NULL;
    }
    if (at_word(parser, "integer")) return parse_integer(parser);
    if (at_word(parser, "struct")) return parse_struct(parser);
    /* The checker steps over these whole, so that its findings stay what they were; the decoder
     * (ctf_schema_parse) reads them. */
    if (at_word(parser, "enum")) return parser->full ? parse_enum(parser) : skip_other(parser, "enum");
    if (at_word(parser, "variant")) return parser->full ? parse_variant(parser) : skip_other(parser, "variant");
    if (at_word(parser, "floating_point")) return parser->full ? parse_float(parser) : skip_other(parser, "floating_point");
    if (at_word(parser, "string")) return parser->full ? parse_string(parser) : skip_other(parser, "string");
    /* Alias words. */
    char words[256] = "";
    size_t used = 0, last_start = 0;
    int count = 0;
    size_t first_at = parser->token.start;
    while (!failed(parser) && parser->token.kind == TOKEN_IDENTIFIER) {
        if (used + parser->token.length + 2 > sizeof words) {
            fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a type name longer than the checker reads");
            return NULL;
        }
        last_start = used;
        if (used) words[used++] = ' ';
        memcpy(words + used, parser->text + parser->token.start, parser->token.length);
        used += parser->token.length;
        words[used] = '\0';
        count++;
        advance(parser);
    }
    if (failed(parser)) return NULL;
    if (declarator != NULL && count >= 2) {
        const char *name = words + last_start + (last_start ? 1 : 0);
        if (strlen(name) >= declarator_size) {
            fail(parser, CTF_METADATA_UNSUPPORTED, first_at, "a field name longer than the checker reads");
            return NULL;
        }
        snprintf(declarator, declarator_size, "%s", name);
        *has_declarator = 1;
        words[last_start] = '\0';
    }
    const struct ctf_type *type = name_find(&parser->names, words);
    if (type == NULL) note_undeclared(parser, first_at, "the type ", words);
    return type ? type : other_type(parser, "an undeclared type");
}

/* `typealias TYPE := NAME WORDS;` */
static void parse_typealias(struct parser *parser) {
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = "a typealias";
    parser->open_at = parser->token.start;
    advance(parser);
    const struct ctf_type *type = parse_type(parser, NULL, 0, NULL);
    if (failed(parser) || !expect(parser, ":=")) return;
    char words[256] = "";
    size_t used = 0;
    while (!failed(parser) && parser->token.kind == TOKEN_IDENTIFIER) {
        if (used + parser->token.length + 2 > sizeof words) {
            fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "a type name longer than the checker reads");
            return;
        }
        if (used) words[used++] = ' ';
        memcpy(words + used, parser->text + parser->token.start, parser->token.length);
        used += parser->token.length;
        words[used] = '\0';
        advance(parser);
    }
    if (failed(parser)) return;
    if (used == 0) {
        unexpected(parser, "the alias's name");
        return;
    }
    char *key = arena_string(parser, words, used);
    if (key == NULL || !name_define(&parser->names, key, type)) {
        fail_memory(parser);
        return;
    }
    if (!expect(parser, ";")) return;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
}

/* `typedef TYPE NAME;` */
static void parse_typedef(struct parser *parser) {
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = "a typedef";
    parser->open_at = parser->token.start;
    advance(parser);
    char name[64] = "";
    const struct ctf_type *type = parse_declaration(parser, name, sizeof name, "the type's name");
    if (type == NULL) return;
    char *key = arena_string(parser, name, strlen(name));
    if (key == NULL || !name_define(&parser->names, key, type)) {
        fail_memory(parser);
        return;
    }
    if (!expect(parser, ";")) return;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
}

static int parse_uuid(const char *text, size_t length, uint8_t uuid[16]) {
    size_t digit = 0;
    for (size_t index = 0; index < length; index++) {
        char c = text[index];
        if (c == '-') continue;
        int value;
        if (c >= '0' && c <= '9') value = c - '0';
        else if (c >= 'a' && c <= 'f') value = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') value = c - 'A' + 10;
        else return 0;
        if (digit >= 32) return 0;
        if (digit % 2 == 0) uuid[digit / 2] = (uint8_t)(value << 4); else uuid[digit / 2] |= (uint8_t)value;
        digit++;
    }
    return digit == 32;
}

enum block_kind { BLOCK_TRACE, BLOCK_STREAM, BLOCK_CLOCK, BLOCK_EVENT, BLOCK_ENV, BLOCK_OTHER };

/* A string token's text with its escapes resolved (`\x` is `x`: a host name has no other), in the
 * arena. */
static char *arena_unescaped(struct parser *parser, const char *text, size_t length) {
    char *copy = arena_string(parser, text, length);
    if (copy == NULL) return NULL;
    size_t used = 0;
    for (size_t index = 0; index < length; index++) {
        if (text[index] == '\\' && index + 1 < length) index++;
        copy[used++] = text[index];
    }
    copy[used] = '\0';
    return copy;
}

/* `trace { … };`, `stream { … };`, `clock { … };`, `event { … };`, `env { … };`, `callsite { … };` */
static void parse_block(struct parser *parser, enum block_kind kind, const char *what) {
    size_t opened = parser->token.start;
    advance(parser);
    const char *outer_what = parser->open_what;
    size_t outer_at = parser->open_at;
    parser->open_what = what;
    parser->open_at = opened;
    if (!expect(parser, "{")) return;
    struct ctf_stream_declaration stream = {0};
    struct ctf_event_declaration event = {0};
    struct ctf_clock clock = {0};
    int has_clock_name = 0;
    if (kind == BLOCK_TRACE) {
        if (parser->has_trace) {
            fail(parser, CTF_METADATA_UNSUPPORTED, opened, "a second trace block");
            return;
        }
        parser->has_trace = 1;
    }
    while (!failed(parser) && !at_punctuation(parser, "}")) {
        if (at_word(parser, "typealias")) {
            parse_typealias(parser);
            continue;
        }
        if (at_word(parser, "typedef")) {
            parse_typedef(parser);
            continue;
        }
        if (parser->token.kind != TOKEN_IDENTIFIER) {
            unexpected(parser, "an attribute");
            return;
        }
        size_t key_at = parser->token.start;
        char key[64] = "";
        size_t used = 0;
        for (;;) {
            if (used + parser->token.length + 2 > sizeof key) {
                fail(parser, CTF_METADATA_UNSUPPORTED, parser->token.start, "an attribute name longer than the checker reads");
                return;
            }
            if (used) key[used++] = '.';
            memcpy(key + used, parser->text + parser->token.start, parser->token.length);
            used += parser->token.length;
            key[used] = '\0';
            advance(parser);
            if (failed(parser) || !at_punctuation(parser, ".")) break;
            advance(parser);
            if (parser->token.kind != TOKEN_IDENTIFIER) {
                unexpected(parser, "an identifier");
                return;
            }
        }
        if (failed(parser)) return;
        if (at_punctuation(parser, ":=")) {
            advance(parser);
            const struct ctf_type *type = parse_type(parser, NULL, 0, NULL);
            if (failed(parser)) return;
            if (kind == BLOCK_TRACE && strcmp(key, "packet.header") == 0) parser->header = type;
            if (kind == BLOCK_STREAM && strcmp(key, "packet.context") == 0) stream.packet_context = type;
            if (kind == BLOCK_STREAM && strcmp(key, "event.header") == 0) stream.event_header = type;
            if (kind == BLOCK_STREAM && strcmp(key, "event.context") == 0) stream.event_context = type;
            if (kind == BLOCK_EVENT && strcmp(key, "context") == 0) event.context = type;
            if (kind == BLOCK_EVENT && strcmp(key, "fields") == 0) event.fields = type;
        } else if (at_punctuation(parser, "=")) {
            advance(parser);
            if (kind == BLOCK_TRACE && strcmp(key, "byte_order") == 0) {
                if (at_word(parser, "le") || at_word(parser, "little")) parser->trace_order = CTF_ORDER_LITTLE;
                else if (at_word(parser, "be") || at_word(parser, "big") || at_word(parser, "network")) parser->trace_order = CTF_ORDER_BIG;
                else {
                    unexpected(parser, "le, be or network");
                    return;
                }
                advance(parser);
            } else if (kind == BLOCK_TRACE && strcmp(key, "uuid") == 0) {
                if (parser->token.kind != TOKEN_STRING
                    || !parse_uuid(parser->text + parser->token.start, parser->token.length, parser->uuid)) {
                    fail(parser, CTF_METADATA_UNSUPPORTED, key_at, "a trace uuid the checker does not read");
                    return;
                }
                parser->has_uuid = 1;
                advance(parser);
            } else if (kind == BLOCK_ENV && strcmp(key, "hostname") == 0 && parser->token.kind == TOKEN_STRING) {
                parser->hostname = arena_unescaped(parser, parser->text + parser->token.start, parser->token.length);
                if (parser->hostname == NULL) return;
                advance(parser);
            } else if (kind == BLOCK_EVENT && strcmp(key, "name") == 0) {
                if (parser->token.kind != TOKEN_STRING && parser->token.kind != TOKEN_IDENTIFIER) {
                    unexpected(parser, "an event's name");
                    return;
                }
                event.name = arena_string(parser, parser->text + parser->token.start, parser->token.length);
                if (event.name == NULL) return;
                advance(parser);
            } else if (kind == BLOCK_EVENT && strcmp(key, "id") == 0) {
                if (!parse_number(parser, NULL, &event.id)) return;
                event.has_id = 1;
            } else if (kind == BLOCK_EVENT && strcmp(key, "stream_id") == 0) {
                if (!parse_number(parser, NULL, &event.stream_id)) return;
                event.has_stream_id = 1;
            } else if (kind == BLOCK_STREAM && strcmp(key, "id") == 0) {
                if (!parse_number(parser, NULL, &stream.id)) return;
                stream.has_id = 1;
            } else if (kind == BLOCK_CLOCK && strcmp(key, "name") == 0) {
                if ((parser->token.kind != TOKEN_IDENTIFIER && parser->token.kind != TOKEN_STRING)
                    || !copy_identifier(parser, clock.name, sizeof clock.name)) {
                    fail(parser, CTF_METADATA_UNSUPPORTED, key_at, "a clock name the checker does not read");
                    return;
                }
                has_clock_name = 1;
                advance(parser);
            } else if (kind == BLOCK_CLOCK && strcmp(key, "freq") == 0) {
                if (!parse_number(parser, NULL, &clock.frequency)) return;
            } else if (kind == BLOCK_CLOCK && strcmp(key, "offset") == 0) {
                if (!parse_number(parser, &clock.offset_cycles, NULL)) return;
            } else if (kind == BLOCK_CLOCK && strcmp(key, "offset_s") == 0) {
                if (!parse_number(parser, &clock.offset_seconds, NULL)) return;
            } else {
                skip_value(parser);
            }
        } else {
            unexpected(parser, "`=` or `:=`");
            return;
        }
        if (!expect(parser, ";")) return;
    }
    if (!expect(parser, "}")) return;
    parser->open_what = outer_what;
    parser->open_at = outer_at;
    if (!expect(parser, ";")) return;
    if (kind == BLOCK_STREAM) {
        if (parser->stream_count == parser->stream_capacity) {
            size_t grown = parser->stream_capacity ? parser->stream_capacity * 2 : 8;
            struct ctf_stream_declaration *more = realloc(parser->streams, grown * sizeof *more);
            if (more == NULL) {
                fail_memory(parser);
                return;
            }
            parser->streams = more;
            parser->stream_capacity = grown;
        }
        parser->streams[parser->stream_count++] = stream;
    }
    if (kind == BLOCK_EVENT) {
        if (parser->event_count == parser->event_capacity) {
            size_t grown = parser->event_capacity ? parser->event_capacity * 2 : 64;
            struct ctf_event_declaration *more = realloc(parser->events, grown * sizeof *more);
            if (more == NULL) {
                fail_memory(parser);
                return;
            }
            parser->events = more;
            parser->event_capacity = grown;
        }
        parser->events[parser->event_count++] = event;
    }
    if (kind == BLOCK_CLOCK) {
        if (!has_clock_name || clock.frequency == 0) {
            fail(parser, CTF_METADATA_UNSUPPORTED, opened, "a clock without a name or a frequency");
            return;
        }
        if (parser->clock_count == sizeof parser->clocks / sizeof parser->clocks[0]) {
            fail(parser, CTF_METADATA_UNSUPPORTED, opened, "more clocks than the checker reads");
            return;
        }
        parser->clocks[parser->clock_count++] = clock;
    }
}

static void parse_text(struct parser *parser) {
    advance(parser);
    while (!failed(parser) && parser->token.kind != TOKEN_END) {
        if (at_word(parser, "typealias")) parse_typealias(parser);
        else if (at_word(parser, "typedef")) parse_typedef(parser);
        else if (at_word(parser, "trace")) parse_block(parser, BLOCK_TRACE, "the trace block");
        else if (at_word(parser, "stream")) parse_block(parser, BLOCK_STREAM, "a stream block");
        else if (at_word(parser, "clock")) parse_block(parser, BLOCK_CLOCK, "a clock block");
        else if (at_word(parser, "event")) parse_block(parser, parser->full ? BLOCK_EVENT : BLOCK_OTHER, "an event block");
        else if (at_word(parser, "env")) parse_block(parser, parser->full ? BLOCK_ENV : BLOCK_OTHER, "the env block");
        else if (at_word(parser, "callsite")) parse_block(parser, BLOCK_OTHER, "a callsite block");
        else if (at_word(parser, "struct") || at_word(parser, "enum") || at_word(parser, "variant")) {
            parser->open_what = "a type declaration";
            parser->open_at = parser->token.start;
            parse_type(parser, NULL, 0, NULL);
            parser->open_what = "a type declaration";
            expect(parser, ";");
            parser->open_what = NULL;
        } else {
            unexpected(parser, "a declaration (typealias, struct, trace, stream, event, clock, env)");
        }
    }
}

/* ---- From types to the packet layout ---------------------------------------------------------- */

static uint64_t round_up(uint64_t value, uint64_t align) { return (value + align - 1) / align * align; }

static int measure(const struct ctf_type *type, uint64_t *align, uint64_t *bits, const char **what, int depth);

static int measure_once(const struct ctf_type *type, uint64_t *align, uint64_t *bits, const char **what, int depth) {
    switch (type->kind) {
    case CTF_TYPE_INTEGER:
        *align = type->align;
        *bits = type->bits;
        return 1;
    case CTF_TYPE_ARRAY: {
        uint64_t element_align, element_bits;
        if (!measure(type->element, &element_align, &element_bits, what, depth + 1)) return 0;
        *align = element_align;
        if (type->length == 0) {
            *bits = 0;
            return 1;
        }
        uint64_t stride = round_up(element_bits, element_align);
        if (stride != 0 && type->length - 1 > (UINT64_C(1) << 40) / stride) {
            *what = "an array larger than the checker reads";
            return 0;
        }
        *bits = (type->length - 1) * stride + element_bits;
        return 1;
    }
    case CTF_TYPE_STRUCT: {
        uint64_t offset = 0, struct_align = type->align ? type->align : 1;
        for (size_t index = 0; index < type->member_count; index++) {
            uint64_t member_align, member_bits;
            if (!measure(type->members[index].type, &member_align, &member_bits, what, depth + 1)) return 0;
            if (member_align > struct_align) struct_align = member_align;
            offset = round_up(offset, member_align) + member_bits;
            if (offset > (UINT64_C(1) << 40)) {
                *what = "a structure larger than the checker reads";
                return 0;
            }
        }
        *align = struct_align;
        *bits = offset;
        return 1;
    }
    default:
        *what = type->what ? type->what : "a type the checker does not read";
        return 0;
    }
}

/* The alignment and size in bits of a type the checker can place; 0 when it cannot. `what`
 * receives what it cannot place. Each type is measured once: structures that hold the same
 * structure twice, nested, cost their number of declarations, not 2 to the power of their depth. */
static int measure(const struct ctf_type *type, uint64_t *align, uint64_t *bits, const char **what, int depth) {
    /* The types are the parser's, in its arena: measuring annotates them. */
    struct ctf_type *memo = (struct ctf_type *)type;
    if (memo->measured == 0) {
        if (depth > MAX_DEPTH) {
            *what = "a type nested too deep";
            return 0;
        }
        memo->measured_what = NULL;
        int placed = measure_once(type, &memo->measured_align, &memo->measured_bits, &memo->measured_what, depth);
        memo->measured = placed ? 1 : -1;
    }
    if (memo->measured < 0) {
        *what = memo->measured_what;
        return 0;
    }
    *align = memo->measured_align;
    *bits = memo->measured_bits;
    return 1;
}

static int role_of(const char *name) {
    if (name[0] == '_') name++; /* TSDL's leading underscore is not part of the field's name */
    for (int role = 0; role < CTF_ROLES; role++) {
        if (strcmp(name, ctf_role_names[role]) == 0) return role;
    }
    return -1;
}

/* Places the members of `structure` from bit `*bit`, recording the fields the checker reads. */
static int place(struct parser *parser, const struct ctf_type *structure, const char *scope, uint64_t *bit,
    struct ctf_field fields[CTF_ROLES], int first_role, int last_role, struct ctf_problem *problem) {
    const char *what = NULL;
    uint64_t align, bits;
    if (structure->kind != CTF_TYPE_STRUCT) {
        measure(structure, &align, &bits, &what, 0);
        snprintf(problem->message, sizeof problem->message, "%s is %s, not a structure: the checker does not read it",
            scope, what ? what : "an integer");
        return 0;
    }
    if (!measure(structure, &align, &bits, &what, 0)) {
        for (size_t index = 0; index < structure->member_count; index++) {
            const char *inner = NULL;
            uint64_t a, b;
            if (!measure(structure->members[index].type, &a, &b, &inner, 1)) {
                snprintf(problem->message, sizeof problem->message, "%s's field `%s` is %s: the checker does not read it",
                    scope, structure->members[index].name, inner);
                return 0;
            }
        }
        snprintf(problem->message, sizeof problem->message, "%s holds %s: the checker does not read it", scope, what);
        return 0;
    }
    if (structure->member_count > MAX_LAYOUT_FIELDS) {
        /* Each stream class places its context's fields: bounded, the cost stays linear in the text. */
        snprintf(problem->message, sizeof problem->message, "%s has more than the %d fields the checker reads", scope,
            MAX_LAYOUT_FIELDS);
        return 0;
    }
    *bit = round_up(*bit, align);
    for (size_t index = 0; index < structure->member_count; index++) {
        const struct ctf_member *member = &structure->members[index];
        uint64_t member_align, member_bits;
        measure(member->type, &member_align, &member_bits, &what, 1);
        *bit = round_up(*bit, member_align);
        int role = role_of(member->name);
        if (role >= first_role && role <= last_role) {
            const struct ctf_type *type = member->type;
            int readable;
            if (role == CTF_UUID) {
                readable = type->kind == CTF_TYPE_ARRAY && type->length == 16 && type->element->kind == CTF_TYPE_INTEGER
                    && type->element->bits == 8 && *bit % 8 == 0;
            } else if (role == CTF_MAGIC) {
                readable = type->kind == CTF_TYPE_INTEGER && type->bits == 32 && *bit % 8 == 0;
            } else {
                readable = type->kind == CTF_TYPE_INTEGER && type->bits % 8 == 0 && *bit % 8 == 0;
            }
            if (!readable) {
                snprintf(problem->message, sizeof problem->message,
                    "%s's field `%s` is not the whole-byte integer%s the checker reads", scope, member->name,
                    role == CTF_UUID ? " array of 16 bytes" : role == CTF_MAGIC ? " of 32 bits" : "");
                return 0;
            }
            if (fields[role].present) {
                snprintf(problem->message, sizeof problem->message, "%s has two `%s` fields", scope, ctf_role_names[role]);
                return 0;
            }
            struct ctf_field *field = &fields[role];
            field->present = 1;
            field->byte_offset = (uint32_t)(*bit / 8);
            field->bytes = (uint32_t)(member_bits / 8);
            const struct ctf_type *integer = role == CTF_UUID ? type->element : type;
            enum ctf_byte_order order = integer->order == CTF_ORDER_TRACE ? parser->trace_order : integer->order;
            field->big_endian = order == CTF_ORDER_BIG;
            field->clock = -1;
            for (size_t clock = 0; clock < parser->clock_count && integer->clock[0]; clock++) {
                if (strcmp(parser->clocks[clock].name, integer->clock) == 0) field->clock = (int)clock;
            }
        }
        *bit += member_bits;
        if (*bit > (uint64_t)CTF_MAX_CONTEXT_BYTES * 8) {
            snprintf(problem->message, sizeof problem->message, "%s is longer than the %d bytes the checker reads", scope,
                CTF_MAX_CONTEXT_BYTES);
            return 0;
        }
    }
    return 1;
}

static int compare_streams(const void *left, const void *right) {
    uint64_t a = ((const struct ctf_stream_class *)left)->id, b = ((const struct ctf_stream_class *)right)->id;
    return a < b ? -1 : a > b;
}

static enum ctf_metadata_status build_layout(struct parser *parser, struct ctf_layout *layout, struct ctf_problem *problem) {
    memset(layout, 0, sizeof *layout);
    problem->offset = 0;
    if (!parser->has_trace || parser->trace_order == CTF_ORDER_TRACE) {
        snprintf(problem->message, sizeof problem->message, "the metadata has no trace block with a byte_order");
        return CTF_METADATA_UNSUPPORTED;
    }
    if (parser->stream_count == 0) {
        snprintf(problem->message, sizeof problem->message, "the metadata declares no stream");
        return CTF_METADATA_UNSUPPORTED;
    }
    layout->big_endian = parser->trace_order == CTF_ORDER_BIG;
    layout->has_uuid = parser->has_uuid;
    memcpy(layout->uuid, parser->uuid, 16);
    layout->clock_count = parser->clock_count;
    memcpy(layout->clocks, parser->clocks, sizeof parser->clocks);
    struct ctf_field header_fields[CTF_ROLES];
    memset(header_fields, 0, sizeof header_fields);
    uint64_t header_end = 0;
    if (parser->header != NULL
        && !place(parser, parser->header, "the packet header", &header_end, header_fields, CTF_MAGIC, CTF_STREAM_INSTANCE_ID, problem)) {
        return CTF_METADATA_UNSUPPORTED;
    }
    layout->has_stream_id = header_fields[CTF_STREAM_ID].present;
    if (!layout->has_stream_id && parser->stream_count != 1) {
        snprintf(problem->message, sizeof problem->message,
            "the metadata declares %zu streams but the packet header has no stream_id", parser->stream_count);
        return CTF_METADATA_UNSUPPORTED;
    }
    layout->streams = calloc(parser->stream_count, sizeof *layout->streams);
    if (layout->streams == NULL) {
        snprintf(problem->message, sizeof problem->message, "out of memory");
        return CTF_METADATA_BAD;
    }
    layout->stream_count = parser->stream_count;
    for (size_t index = 0; index < parser->stream_count; index++) {
        const struct ctf_stream_declaration *declaration = &parser->streams[index];
        struct ctf_stream_class *stream = &layout->streams[index];
        stream->id = declaration->has_id ? declaration->id : 0;
        if (!declaration->has_id && parser->stream_count > 1) {
            snprintf(problem->message, sizeof problem->message, "a stream block without an id among several");
            return CTF_METADATA_UNSUPPORTED;
        }
        memcpy(stream->fields, header_fields, sizeof header_fields);
        uint64_t end = header_end;
        if (declaration->packet_context != NULL) {
            char scope[64];
            snprintf(scope, sizeof scope, "stream %" PRIu64 "'s packet context", stream->id);
            if (!place(parser, declaration->packet_context, scope, &end, stream->fields, CTF_TIMESTAMP_BEGIN, CTF_EVENTS_DISCARDED, problem)) {
                return CTF_METADATA_UNSUPPORTED;
            }
        }
        stream->context_end = (uint32_t)((end + 7) / 8);
    }
    /* Sorted by id, so a packet finds its class by binary search. */
    qsort(layout->streams, layout->stream_count, sizeof *layout->streams, compare_streams);
    for (size_t index = 1; index < layout->stream_count; index++) {
        if (layout->streams[index].id == layout->streams[index - 1].id) {
            snprintf(problem->message, sizeof problem->message, "two stream blocks with id %" PRIu64, layout->streams[index].id);
            return CTF_METADATA_UNSUPPORTED;
        }
    }
    return CTF_METADATA_OK;
}

enum ctf_metadata_status ctf_layout_parse(const struct ctf_metadata *metadata, struct ctf_layout *layout,
    struct ctf_problem *problem) {
    memset(layout, 0, sizeof *layout);
    struct parser parser;
    memset(&parser, 0, sizeof parser);
    parser.metadata = metadata;
    parser.text = metadata->text;
    parser.size = metadata->text_size;
    parser.problem = problem;
    parse_text(&parser);
    enum ctf_metadata_status status = parser.status;
    if (status == CTF_METADATA_OK) status = build_layout(&parser, layout, problem);
    if (status == CTF_METADATA_OK && parser.has_note) {
        layout->has_note = 1;
        layout->note = parser.note;
    }
    if (status != CTF_METADATA_OK) ctf_layout_free(layout);
    arena_free(&parser.arena);
    free(parser.names.entries);
    free(parser.streams);
    free(parser.events);
    return status;
}

enum ctf_metadata_status ctf_schema_parse(const struct ctf_metadata *metadata, struct ctf_schema *schema,
    struct ctf_problem *problem) {
    memset(schema, 0, sizeof *schema);
    struct parser parser;
    memset(&parser, 0, sizeof parser);
    parser.full = 1;
    parser.metadata = metadata;
    parser.text = metadata->text;
    parser.size = metadata->text_size;
    parser.problem = problem;
    parse_text(&parser);
    enum ctf_metadata_status status = parser.status;
    if (status == CTF_METADATA_OK) status = build_layout(&parser, &schema->layout, problem);
    struct arena *memory = NULL;
    if (status == CTF_METADATA_OK) {
        memory = malloc(sizeof *memory);
        if (memory == NULL) {
            describe(problem, 0, "out of memory");
            status = CTF_METADATA_BAD;
        }
    }
    if (status != CTF_METADATA_OK) {
        ctf_layout_free(&schema->layout);
        arena_free(&parser.arena);
        free(parser.names.entries);
        free(parser.streams);
        free(parser.events);
        return status;
    }
    if (parser.has_note) {
        schema->layout.has_note = 1;
        schema->layout.note = parser.note;
    }
    /* The types stay in the parser's arena, which the schema now owns. */
    *memory = parser.arena;
    schema->memory = memory;
    schema->big_endian = parser.trace_order == CTF_ORDER_BIG;
    schema->packet_header = parser.header;
    schema->streams = parser.streams;
    schema->stream_count = parser.stream_count;
    schema->events = parser.events;
    schema->event_count = parser.event_count;
    schema->hostname = parser.hostname;
    free(parser.names.entries);
    return CTF_METADATA_OK;
}

void ctf_schema_free(struct ctf_schema *schema) {
    ctf_layout_free(&schema->layout);
    if (schema->memory != NULL) {
        arena_free(schema->memory);
        free(schema->memory);
    }
    free(schema->streams);
    free(schema->events);
    memset(schema, 0, sizeof *schema);
}

void ctf_layout_free(struct ctf_layout *layout) {
    free(layout->streams);
    memset(layout, 0, sizeof *layout);
}

const struct ctf_stream_class *ctf_layout_stream(const struct ctf_layout *layout, uint64_t id) {
    size_t low = 0, high = layout->stream_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (layout->streams[middle].id < id) low = middle + 1; else high = middle;
    }
    return low < layout->stream_count && layout->streams[low].id == id ? &layout->streams[low] : NULL;
}
