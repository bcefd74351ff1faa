/*
 * Measuring text with HarfBuzz (Debian's libharfbuzz0b), for LifetraceUI's labels and buttons.
 *
 * HarfBuzz is not linked: the first call of lifetrace_text_load() opens libharfbuzz.so.0 with
 * dlopen, so a program that never measures text does not load it, and a machine without it still
 * runs (LifetraceUI then approximates, and shows the reason this API gives).
 *
 * A font is one face of a font file, opened at its units-per-em: every length below is in font
 * units, and a caller scales by `point size / units_per_em`. Advances are HarfBuzz's shaping of the
 * text (kerning, ligatures, marks), not a sum of per-character widths.
 *
 * A font is used from one thread at a time (it owns the HarfBuzz buffer that its measurements
 * reuse); distinct fonts may be used from distinct threads at once.
 */
#ifndef LIFETRACE_TEXT_H
#define LIFETRACE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An open font: a HarfBuzz face, font and shaping buffer. Opaque. */
typedef struct lifetrace_text_font lifetrace_text_font;

/* A font's vertical metrics, in font units, as HarfBuzz's horizontal extents give them (the OS/2
 * typographic values when the font asks for them, hhea's otherwise). */
struct lifetrace_text_metrics {
    int32_t units_per_em;
    /* Above the baseline: positive. */
    int32_t ascender;
    /* Below the baseline: negative, as HarfBuzz (and UIKit) sign it. */
    int32_t descender;
    /* The gap a font asks for between one line's descender and the next one's ascender. */
    int32_t line_gap;
    /* The top of the capital H above the baseline, or 0 when the font has no H. */
    int32_t cap_height;
};

/* Loads HarfBuzz and resolves its functions, the first time (thread-safe: later calls only read
 * the outcome). Returns 1, or 0 with the reason in `error` (NUL-terminated, cut to `size`) when the
 * library or one of its functions is missing. */
int lifetrace_text_load(char *error, size_t size);

/* Opens the first face of the font file at `path` (loading HarfBuzz if needed). Returns the font,
 * or NULL with the reason in `error`: HarfBuzz missing, the file missing, unreadable or empty, or
 * not a font. The font stays valid until lifetrace_text_font_close. */
lifetrace_text_font *lifetrace_text_font_open(const char *path, char *error, size_t size);

/* Closes a font from lifetrace_text_font_open (NULL: nothing). */
void lifetrace_text_font_close(lifetrace_text_font *font);

/* The font's vertical metrics, read when it was opened. */
struct lifetrace_text_metrics lifetrace_text_font_metrics(const lifetrace_text_font *font);

/* The advance width, in font units, of `length` bytes of UTF-8 at `text` shaped as one run:
 * HarfBuzz guesses its script, direction and language. Invalid UTF-8 shapes as U+FFFD. */
int64_t lifetrace_text_font_advance(lifetrace_text_font *font, const char *text, int32_t length);

/* Shapes `length` bytes of UTF-8 at `text` as one run, as lifetrace_text_font_advance does, and
 * writes per byte the advance of the shaping cluster that starts there: `advances[i]` is the sum of
 * the x advances of the glyphs whose cluster is byte i, 0 for a byte that starts no cluster.
 * `advances` has room for `length` entries. Returns the whole advance (the sum of the entries).
 * HarfBuzz's default cluster level keeps a base character and its marks in one cluster, and a
 * ligature's advance goes to its first character's byte, so a caller breaking a word between
 * grapheme clusters sums the entries of each one's bytes and the parts add up to the whole. */
int64_t lifetrace_text_font_cluster_advances(lifetrace_text_font *font, const char *text, int32_t length,
    int32_t *advances);

#ifdef __cplusplus
}
#endif

#endif
