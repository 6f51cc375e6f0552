// convert-plan-to-dlcgpu sizes the kernels for the module's recorded
// target: a chip the table does not know, or an SM count (dlc.target_sms,
// the planner's device=sms=) that is not a positive integer, is an E1501
// at the module, before any region is converted.
// RUN: dlc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-plan-to-dlcgpu)'

// expected-error @+1 {{E1501 UnsupportedOp: the module's dlc.target names no known chip or its dlc.target_sms is not a positive integer}}
module attributes {dlc.target = "sm_90a", dlc.target_sms = 0 : i64} {
}

// -----

// expected-error @+1 {{E1501 UnsupportedOp: the module's dlc.target names no known chip or its dlc.target_sms is not a positive integer}}
module attributes {dlc.target = "sm_75"} {
}
