// E1008 ElementTypeMismatch: the element-type rules of tiny that IRDL cannot
// state (docs/dialects/tiny.md), each at the offending op. Before the check
// these verified and compiled to whatever each lowering assumed.
// RUN: dlc-opt %s --split-input-file --tiny-verify --verify-diagnostics

// No implicit promotion: f16 + f32.
func.func @mixed_operands(%a: tensor<4xf16>, %b: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: operand 1's element type is f32 but must be f16, operand 0's; suggestion: tiny.cast one operand}}
  %0 = "tiny.add"(%a, %b) : (tensor<4xf16>, tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// A widening result is a tiny.cast of its own.
func.func @widening_result(%a: tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the result's element type is f32 but must be f16, operand 0's; suggestion: compute in the operands' type and tiny.cast the result}}
  %0 = "tiny.mul"(%a, %a) : (tensor<?xf16, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  return %0 : tensor<?xf32, ["N"]>
}

// -----

func.func @compare_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the result's element type is f32 but must be i1}}
  %0 = "tiny.cmplt"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_operands(%a: tensor<4xbf16>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: operand 1's element type is f32 but must be bf16, operand 0's}}
  %0 = "tiny.cmpne"(%a, %b) : (tensor<4xbf16>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @valid_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the result's element type is f32 but must be i1}}
  %0 = "tiny.valid"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @where_condition(%c: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the condition's element type is f32 but must be i1; suggestion: compare first}}
  %0 = "tiny.where"(%c, %a, %b) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @where_branches(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<f16>) -> tensor<4xf32> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: operand 2's element type is f16 but must be f32, operand 1's}}
  %0 = "tiny.where"(%c, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<f16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @exp2_of_integers(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the operand's element type is i32 but must be f16, bf16, f32 or f64; suggestion: tiny.cast the operand to a float type first}}
  %0 = "tiny.exp2"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// i1 is the predicate type: arithmetic on it (add ... mod, neg) is refused
// here. It passed tiny-verify and failed in convert-dlcgpu-to-gpu
// ("'arith.addf' op operand #0 must be floating-point-like, but got
// 'vector<8xi1>'").
func.func @add_i1(%a: tensor<?xi1, ["N"]>, %b: tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the operands' element type is i1 but must be a number type (f16, bf16, f32, f64 or an integer wider than i1); suggestion: i1 is a predicate: tiny.cast it to a number type to compute with it, or combine masks with tiny.where and tiny.cmpne}}
  %0 = "tiny.add"(%a, %b) : (tensor<?xi1, ["N"]>, tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]>
  return %0 : tensor<?xi1, ["N"]>
}

// -----

func.func @mul_i1(%a: tensor<?xi1, ["N"]>, %b: tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the operands' element type is i1}}
  %0 = "tiny.mul"(%a, %b) : (tensor<?xi1, ["N"]>, tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]>
  return %0 : tensor<?xi1, ["N"]>
}

// -----

func.func @sub_i1(%a: tensor<?xi1, ["N"]>, %b: tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the operands' element type is i1}}
  %0 = "tiny.sub"(%a, %b) : (tensor<?xi1, ["N"]>, tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]>
  return %0 : tensor<?xi1, ["N"]>
}

// -----

func.func @max_i1(%a: tensor<?xi1, ["N"]>, %b: tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the operands' element type is i1}}
  %0 = "tiny.max"(%a, %b) : (tensor<?xi1, ["N"]>, tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]>
  return %0 : tensor<?xi1, ["N"]>
}

// -----

func.func @neg_i1(%a: tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]> {
  // expected-error @+1 {{E1008 ElementTypeMismatch: the operands' element type is i1}}
  %0 = "tiny.neg"(%a) : (tensor<?xi1, ["N"]>) -> tensor<?xi1, ["N"]>
  return %0 : tensor<?xi1, ["N"]>
}
