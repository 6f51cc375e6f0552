// A literal mmaShape without three elements is refused before MLIR parses
// it (regression X01, upstream: nvgpu.mma.sync's verifier, which runs
// inside the parse, reads mmaShape[1] and [2] unchecked; dlc-opt crashed
// with SIGSEGV on mmaShape = [1]).
// RUN: dlc-opt %s --split-input-file --verify-diagnostics

func.func @one(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{mmaShape must hold three integers [m, n, k]: DLC refuses other lengths before parsing, since MLIR's nvgpu.mma.sync verifier would read past them}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [1]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @empty(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{mmaShape must hold three integers}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = []} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @generic(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{mmaShape must hold three integers}}
  %d = "nvgpu.mma.sync"(%a, %b, %c) <{mmaShape=[16,8]}> : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

// Three elements parse and verify as usual; the words in a string or a
// comment do not count: mmaShape = [1]
func.func @three(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> attributes {note = "mmaShape = [1]"} {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}
