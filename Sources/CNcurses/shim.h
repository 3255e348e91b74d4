#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
/* Wide-character ncurses: the definitions pkg-config's ncursesw flags would bring, asked for here. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <curses.h>

/* Swift 6 rejects C globals and does not import function-like macros: wrap them. */
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline WINDOW *cncurses_curscr(void) { return curscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }
static inline int cncurses_colors(void) { return COLORS; }
static inline int cncurses_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t cncurses_a_bold(void) { return A_BOLD; }
static inline attr_t cncurses_a_dim(void) { return A_DIM; }
static inline attr_t cncurses_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_a_normal(void) { return A_NORMAL; }
static inline mmask_t cncurses_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t cncurses_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cncurses_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cncurses_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cncurses_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cncurses_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cncurses_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline int cncurses_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int cncurses_key_f(int n) { return KEY_F(n); }

/* Standard streams and the locale's character set (C globals and enum macros Swift 6 rejects). */
static inline FILE *cncurses_stdin(void) { return stdin; }
static inline FILE *cncurses_stdout(void) { return stdout; }
static inline const char *cncurses_codeset(void) { return nl_langinfo(CODESET); }
/* Columns the C library (and so ncurses) gives a character; wchar.h hides it without _XOPEN_SOURCE. */
extern int wcwidth(wchar_t);
static inline int cncurses_wcwidth(wchar_t character) { return wcwidth(character); }

/* Mouse masks by button number (1-5) and the modifier bits. */
static inline mmask_t cncurses_button_pressed(int button) { return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_PRESSED); }
static inline mmask_t cncurses_button_released(int button) { return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_RELEASED); }
static inline mmask_t cncurses_button_clicked(int button) {
    return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_CLICKED) | NCURSES_MOUSE_MASK(button, NCURSES_DOUBLE_CLICKED)
        | NCURSES_MOUSE_MASK(button, NCURSES_TRIPLE_CLICKED);
}
static inline mmask_t cncurses_button_shift(void) { return BUTTON_SHIFT; }
static inline mmask_t cncurses_button_ctrl(void) { return BUTTON_CTRL; }
static inline mmask_t cncurses_button_alt(void) { return BUTTON_ALT; }

#endif
