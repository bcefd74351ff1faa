/*
 * Measuring text with HarfBuzz, loaded on first use (lifetrace_text.h tells what for).
 *
 * HarfBuzz's header is not included (the build does not need libharfbuzz-dev): the few types and
 * functions used are declared below, as HarfBuzz documents them. The functions are called through
 * `hb`, a table of pointers that load_library() fills with dlsym; the table is made from the one
 * list LIFETRACE_HB_FUNCTIONS, and each pointer has the type of the declaration of the same name,
 * so a call's arguments are checked against the documented signature.
 *
 * Invariants: the library is opened at most once (pthread_once) and never closed, so the pointers
 * in `hb` stay valid until the process exits; they are written only inside load_library, and read
 * only after lifetrace_text_load() returned 1, which pthread_once orders after the writes. A font
 * owns its blob, face, font and buffer (one reference each) until lifetrace_text_font_close; its
 * buffer is reused by every measurement, so it is used from one thread at a time.
 */
/* POSIX.1-2008 (O_CLOEXEC), whatever the C dialect the file is compiled in. */
#define _POSIX_C_SOURCE 200809L

#include "lifetrace_text.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The library's soname: what Debian's libharfbuzz0b installs. */
#define LIFETRACE_HB_SONAME "libharfbuzz.so.0"

/* ---- HarfBuzz's types and functions, as its documentation declares them (hb-common.h, hb-blob.h,
 * hb-face.h, hb-font.h, hb-buffer.h, hb-shape.h). The objects are opaque; the structures are the
 * ones HarfBuzz fills, with its layout (hb_var_int_t is a 32-bit union, declared as its size). */

typedef int hb_bool_t;
typedef int32_t hb_position_t;
typedef uint32_t hb_codepoint_t;
typedef uint32_t hb_mask_t;

typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef struct hb_feature_t hb_feature_t;

typedef struct {
    hb_position_t ascender;
    hb_position_t descender;
    hb_position_t line_gap;
    hb_position_t reserved[9];
} hb_font_extents_t;

typedef struct {
    hb_position_t x_bearing;
    hb_position_t y_bearing;
    hb_position_t width;
    hb_position_t height;
} hb_glyph_extents_t;

typedef struct {
    hb_codepoint_t codepoint;
    hb_mask_t mask;
    uint32_t cluster;
    uint32_t var1;
    uint32_t var2;
} hb_glyph_info_t;

typedef struct {
    hb_position_t x_advance;
    hb_position_t y_advance;
    hb_position_t x_offset;
    hb_position_t y_offset;
    uint32_t var;
} hb_glyph_position_t;

/* Declared, never called directly: nothing links libharfbuzz, so a call without HB() does not
 * link. They give the table's pointers their types. */
hb_blob_t *hb_blob_create_from_file(const char *file_name);
unsigned int hb_blob_get_length(hb_blob_t *blob);
void hb_blob_destroy(hb_blob_t *blob);
hb_face_t *hb_face_create(hb_blob_t *blob, unsigned int index);
unsigned int hb_face_get_upem(const hb_face_t *face);
unsigned int hb_face_get_glyph_count(const hb_face_t *face);
void hb_face_destroy(hb_face_t *face);
hb_font_t *hb_font_create(hb_face_t *face);
void hb_font_set_scale(hb_font_t *font, int x_scale, int y_scale);
hb_bool_t hb_font_get_h_extents(hb_font_t *font, hb_font_extents_t *extents);
hb_bool_t hb_font_get_nominal_glyph(hb_font_t *font, hb_codepoint_t unicode, hb_codepoint_t *glyph);
hb_bool_t hb_font_get_glyph_extents(hb_font_t *font, hb_codepoint_t glyph, hb_glyph_extents_t *extents);
void hb_font_destroy(hb_font_t *font);
hb_buffer_t *hb_buffer_create(void);
void hb_buffer_add_utf8(hb_buffer_t *buffer, const char *text, int text_length, unsigned int item_offset,
    int item_length);
void hb_buffer_guess_segment_properties(hb_buffer_t *buffer);
hb_glyph_info_t *hb_buffer_get_glyph_infos(hb_buffer_t *buffer, unsigned int *length);
hb_glyph_position_t *hb_buffer_get_glyph_positions(hb_buffer_t *buffer, unsigned int *length);
void hb_buffer_clear_contents(hb_buffer_t *buffer);
void hb_buffer_destroy(hb_buffer_t *buffer);
void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features);

/* Every HarfBuzz function this file calls. All exist since HarfBuzz 1.7.7
 * (hb_blob_create_from_file is the newest); Debian bookworm has 6.0. */
#define LIFETRACE_HB_FUNCTIONS(X) \
    X(hb_blob_create_from_file) \
    X(hb_blob_destroy) \
    X(hb_blob_get_length) \
    X(hb_buffer_add_utf8) \
    X(hb_buffer_clear_contents) \
    X(hb_buffer_create) \
    X(hb_buffer_destroy) \
    X(hb_buffer_get_glyph_infos) \
    X(hb_buffer_get_glyph_positions) \
    X(hb_buffer_guess_segment_properties) \
    X(hb_face_create) \
    X(hb_face_destroy) \
    X(hb_face_get_glyph_count) \
    X(hb_face_get_upem) \
    X(hb_font_create) \
    X(hb_font_destroy) \
    X(hb_font_get_glyph_extents) \
    X(hb_font_get_h_extents) \
    X(hb_font_get_nominal_glyph) \
    X(hb_font_set_scale) \
    X(hb_shape)

struct lifetrace_hb_functions {
#define LIFETRACE_HB_POINTER(name) __typeof__(name) *name;
    LIFETRACE_HB_FUNCTIONS(LIFETRACE_HB_POINTER)
#undef LIFETRACE_HB_POINTER
};

/* The library's functions: valid once lifetrace_text_load() has returned 1, and from then on until
 * the process exits. */
static struct lifetrace_hb_functions hb;

/* A call of the library: HB(hb_shape)(…). A function missing from LIFETRACE_HB_FUNCTIONS does not
 * compile (no such member). */
#define HB(name) (hb.name)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* Written once, in load_library: empty when the library and all its functions are found. */
static char load_failure[512];

static void load_library(void) {
    /* RTLD_LOCAL: the symbols stay out of the global namespace, so they cannot clash with another
     * copy of HarfBuzz that something else in the process may link. */
    void *handle = dlopen(LIFETRACE_HB_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure, sizeof load_failure,
            "cannot load HarfBuzz (%s, Debian package libharfbuzz0b), which measures text: %s",
            LIFETRACE_HB_SONAME, reason ? reason : "not found");
        return;
    }
    struct lifetrace_hb_functions functions;
#define LIFETRACE_HB_LOOKUP(name) \
    functions.name = (__typeof__(name) *)dlsym(handle, #name); \
    if (functions.name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s lacks %s: HarfBuzz 1.7.7 or later is needed", \
            LIFETRACE_HB_SONAME, #name); \
        return; \
    }
    LIFETRACE_HB_FUNCTIONS(LIFETRACE_HB_LOOKUP)
#undef LIFETRACE_HB_LOOKUP
    hb = functions;
}

int lifetrace_text_load(char *error, size_t size) {
    pthread_once(&load_once, load_library);
    if (load_failure[0] == '\0') return 1;
    if (error != NULL && size > 0) snprintf(error, size, "%s", load_failure);
    return 0;
}

/* ---- Fonts. */

struct lifetrace_text_font {
    /* One reference each, released by lifetrace_text_font_close in the reverse order. */
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
    /* Cleared and refilled by every measurement: never shared between threads at once. */
    hb_buffer_t *buffer;
    struct lifetrace_text_metrics metrics;
};

#define FAIL(...) do { if (error != NULL && size > 0) snprintf(error, size, __VA_ARGS__); } while (0)

lifetrace_text_font *lifetrace_text_font_open(const char *path, char *error, size_t size) {
    if (!lifetrace_text_load(error, size)) return NULL;
    if (path == NULL || path[0] == '\0') {
        FAIL("no font file named");
        return NULL;
    }
    /* hb_blob_create_from_file turns a failure into the empty blob, without the cause: opening the
     * file first names it (missing, unreadable). */
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        FAIL("cannot open the font %s: %s", path, strerror(errno));
        return NULL;
    }
    close(descriptor);

    hb_blob_t *blob = HB(hb_blob_create_from_file)(path);
    if (HB(hb_blob_get_length)(blob) == 0) {
        HB(hb_blob_destroy)(blob);
        FAIL("cannot read the font %s: it is empty or not a regular file", path);
        return NULL;
    }
    hb_face_t *face = HB(hb_face_create)(blob, 0);
    if (HB(hb_face_get_glyph_count)(face) == 0) {
        HB(hb_face_destroy)(face);
        HB(hb_blob_destroy)(blob);
        FAIL("%s is not a font HarfBuzz reads (it finds no glyphs in it)", path);
        return NULL;
    }
    struct lifetrace_text_font *font = calloc(1, sizeof *font);
    if (font == NULL) {
        HB(hb_face_destroy)(face);
        HB(hb_blob_destroy)(blob);
        FAIL("out of memory opening the font %s", path);
        return NULL;
    }
    font->blob = blob;
    font->face = face;
    font->font = HB(hb_font_create)(face);
    font->buffer = HB(hb_buffer_create)();

    /* At a scale of units-per-em, HarfBuzz's positions are font units. */
    int upem = (int)HB(hb_face_get_upem)(face);
    HB(hb_font_set_scale)(font->font, upem, upem);
    font->metrics.units_per_em = upem;

    hb_font_extents_t extents;
    memset(&extents, 0, sizeof extents);
    if (HB(hb_font_get_h_extents)(font->font, &extents)) {
        font->metrics.ascender = extents.ascender;
        font->metrics.descender = extents.descender;
        font->metrics.line_gap = extents.line_gap;
    } else {
        /* No hhea or OS/2 metrics: the common 0.8 and 0.2 em. */
        font->metrics.ascender = upem * 4 / 5;
        font->metrics.descender = -(upem / 5);
    }

    hb_codepoint_t capital_h = 0;
    hb_glyph_extents_t glyph;
    memset(&glyph, 0, sizeof glyph);
    if (HB(hb_font_get_nominal_glyph)(font->font, 'H', &capital_h) &&
        HB(hb_font_get_glyph_extents)(font->font, capital_h, &glyph)) {
        /* y_bearing: the glyph's top above the baseline (HarfBuzz's y grows upwards). */
        font->metrics.cap_height = glyph.y_bearing;
    }
    return font;
}

void lifetrace_text_font_close(lifetrace_text_font *font) {
    if (font == NULL) return;
    HB(hb_buffer_destroy)(font->buffer);
    HB(hb_font_destroy)(font->font);
    HB(hb_face_destroy)(font->face);
    HB(hb_blob_destroy)(font->blob);
    free(font);
}

struct lifetrace_text_metrics lifetrace_text_font_metrics(const lifetrace_text_font *font) {
    return font->metrics;
}

/* Shapes the run into the font's buffer; its glyphs are valid until the next shaping. */
static void shape(lifetrace_text_font *font, const char *text, int32_t length) {
    HB(hb_buffer_clear_contents)(font->buffer);
    HB(hb_buffer_add_utf8)(font->buffer, text, length, 0, length);
    HB(hb_buffer_guess_segment_properties)(font->buffer);
    HB(hb_shape)(font->font, font->buffer, NULL, 0);
}

int64_t lifetrace_text_font_advance(lifetrace_text_font *font, const char *text, int32_t length) {
    if (length <= 0) return 0;
    shape(font, text, length);
    unsigned int count = 0;
    const hb_glyph_position_t *positions = HB(hb_buffer_get_glyph_positions)(font->buffer, &count);
    int64_t advance = 0;
    for (unsigned int i = 0; i < count; i++) advance += positions[i].x_advance;
    return advance;
}

int64_t lifetrace_text_font_cluster_advances(lifetrace_text_font *font, const char *text, int32_t length,
    int32_t *advances) {
    if (length <= 0) return 0;
    memset(advances, 0, (size_t)length * sizeof *advances);
    shape(font, text, length);
    unsigned int count = 0;
    const hb_glyph_info_t *infos = HB(hb_buffer_get_glyph_infos)(font->buffer, &count);
    const hb_glyph_position_t *positions = HB(hb_buffer_get_glyph_positions)(font->buffer, NULL);
    int64_t advance = 0;
    for (unsigned int i = 0; i < count; i++) {
        /* A cluster is the byte offset of its first character in the text added (item offset 0). */
        if (infos[i].cluster < (uint32_t)length) advances[infos[i].cluster] += positions[i].x_advance;
        advance += positions[i].x_advance;
    }
    return advance;
}
