#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
/* Wide-character ncurses. SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask for it here. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <curses.h>

/* Swift 6 rejects C globals and does not import function-like macros: wrap them. */
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
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

#endif
