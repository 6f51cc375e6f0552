func.func @f() {
  // expected-error @+1 no braces here
  return
}
