// tiny-verify checks each argument's and result's dlc.name against the one
// rule for tensor names (dlc/IR.h dlcIsName: 1 to 47 ASCII letters,
// digits, '_', '.' or '-'), E1010 NameInvalid at the argument (a result's
// at the function). Such names were accepted and failed only in
// plan-verify, as a contract violation of the schedule.
// RUN: dlc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(tiny-verify))'

func.func @space(
    // expected-error @+1 {{E1010 NameInvalid: the dlc.name of argument 0, "x y", is not a tensor name (1 to 47 ASCII letters, digits, '_', '.' or '-'); suggestion: rename the tensor: its name names a kernel parameter, a plan entry and a reference-data file}}
    %x: tensor<4xf32> {dlc.name = "x y"}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

func.func @slash(%a: tensor<4xf32> {dlc.name = "A"},
    // expected-error @+1 {{the dlc.name of argument 1, "w/0", is not a tensor name}}
    %w: tensor<4xf32> {dlc.name = "w/0"}) -> tensor<4xf32> {
  return %w : tensor<4xf32>
}

// -----

func.func @unicode(
    // expected-error @+1 {{the dlc.name of argument 0, "wé", is not a tensor name}}
    %w: tensor<4xf32> {dlc.name = "wé"}) -> tensor<4xf32> {
  return %w : tensor<4xf32>
}

// -----

func.func @long(
    // expected-error @+1 {{the dlc.name of argument 0, "w_abcdefghijabcdefghijabcdefghijabcdefghijabcdefgh", is not a tensor name: it is too long (1 to 47 ASCII}}
    %w: tensor<4xf32> {dlc.name = "w_abcdefghijabcdefghijabcdefghijabcdefghijabcdefgh"}) -> tensor<4xf32> {
  return %w : tensor<4xf32>
}

// -----

// expected-error @+1 {{the dlc.name of result 0, "", is not a tensor name}}
func.func @empty_result(%a: tensor<4xf32> {dlc.name = "A"}) -> (tensor<4xf32> {dlc.name = ""}) {
  return %a : tensor<4xf32>
}

// -----

func.func @not_a_string(
    // expected-error @+1 {{the dlc.name of argument 0, "(not a string)", is not a tensor name}}
    %a: tensor<4xf32> {dlc.name = 3 : i64}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// Dots, dashes and 47 characters are names.
func.func @good(%a: tensor<4xf32> {dlc.name = "layer1.0-conv.weight"},
                %w: tensor<4xf32> {dlc.name = "w_abcdefghijabcdefghijabcdefghijabcdefghijabcde"})
    -> (tensor<4xf32> {dlc.name = "Y"}) {
  return %a : tensor<4xf32>
}
