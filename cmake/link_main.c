/*
** link_main.c: the entry of a layer's link check (gk_layer_link in the
** top CMakeLists.txt, meeple_layer_link in bindings/CMakeLists.txt). The
** program never runs; linking it proves that every function the layer's
** objects call is defined in that layer or one below it.
*/
int main(void) { return 0; }
