// Two chunks, each with its expected error.
func.func @f(%x: i32) {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.integer'}}
  %0 = "tiny.neg"(%x) : (i32) -> i32
  return
}

// -----

// expected-error @+1 {{custom op 'oops' is unknown}}
oops
