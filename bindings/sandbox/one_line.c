/*
** one_line.c: the escaping of one_line.h. Invariant: the output holds no
** byte below 0x20, no 0x7f and no C1 control, and equal inputs give
** equal outputs (a message stays comparable and greppable).
*/
#include "one_line.h"

static size_t put_hex(char *out, unsigned char c) {
  static const char digits[] = "0123456789abcdef";
  if (out) {
    out[0] = '\\';
    out[1] = 'x';
    out[2] = digits[c >> 4];
    out[3] = digits[c & 15];
  }
  return 4;
}

size_t mp_one_line(char *out, const char *in, size_t n) {
  size_t w = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)in[i];
    char named = c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\t' ? 't' : 0;
    if (named) {
      if (out) out[w] = '\\', out[w + 1] = named;
      w += 2;
    } else if (c < 0x20 || c == 0x7f) {
      w += put_hex(out ? out + w : NULL, c);
    } else if (c == 0xc2 && i + 1 < n && (unsigned char)in[i + 1] >= 0x80 &&
               (unsigned char)in[i + 1] <= 0x9f) {
      w += put_hex(out ? out + w : NULL, c);
      w += put_hex(out ? out + w : NULL, (unsigned char)in[++i]);
    } else {
      if (out) out[w] = (char)c;
      w++;
    }
  }
  return w;
}
