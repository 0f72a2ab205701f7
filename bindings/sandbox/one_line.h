/*
** one_line.h: text a script controls (an error message, a print) made
** one line that a terminal shows as written: control characters are
** escaped, so a script can neither forge a line of the host's output
** nor send a terminal an escape sequence.
*/
#ifndef MP_ONE_LINE_H
#define MP_ONE_LINE_H

#include <stddef.h>

/* Writes the escaped form of in[0..n) to out (when out is not NULL) and
** returns its length; out needs that many bytes (no NUL is written).
** "\n" "\r" "\t" become those two characters, any other byte below 0x20,
** 0x7f and the two-byte C1 controls (U+0080..U+009F) become \xHH. */
size_t mp_one_line(char *out, const char *in, size_t n);

#endif
