// An expectation that nothing satisfies.
func.func @f() {
  return
}
// expected-error @-1 {{this error never happens}}
