func.func @f(%x: i32) {
  %0 = "tiny.neg"(%x) : (i32) -> i32
  return
}
