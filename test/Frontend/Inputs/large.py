"""Writes two large Frontend documents for test/Frontend/large-documents.test.

chain.json: GEMM + bias, then CHAIN ReLU nodes, each reading the previous
  one's output (every input is a lookup by tensor name).
many.json: the same graph with MANY extra declared tensors (one object of
  MANY keys, each checked for duplicates).
usage: large.py OUTDIR CHAIN MANY"""
import json
import sys

out, chain, many = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def document(relus, extra):
    tensors = {
        "A": {"dtype": "fp16", "shape": ["M", "K"]},
        "B": {"dtype": "fp16", "shape": ["K", "N"]},
        "bias": {"dtype": "fp16", "shape": ["N"]},
        "Y": {"dtype": "fp16", "shape": ["M", "N"]},
    }
    for i in range(extra):
        tensors[f"T{i}"] = {"dtype": "fp16", "shape": ["M"]}
    graph = [
        {"op": "GEMM", "inputs": ["A", "B"], "outputs": ["C0"],
         "attrs": {"acc_dtype": "fp32"}},
        {"op": "Elementwise", "fn": "add", "inputs": ["C0", "bias"],
         "outputs": ["R0"]},
    ]
    for i in range(relus):
        graph.append({"op": "Elementwise", "fn": "relu", "inputs": [f"R{i}"],
                      "outputs": [f"R{i + 1}" if i + 1 < relus else "Y"]})
    return {
        "name": "large",
        "signature": {"inputs": [{"tensor": "A"}, {"tensor": "B"},
                                 {"tensor": "bias"}],
                      "outputs": [{"tensor": "Y"}]},
        "tensors": tensors,
        "graph": graph,
    }


with open(f"{out}/chain.json", "w") as f:
    json.dump(document(chain, 0), f)
with open(f"{out}/many.json", "w") as f:
    json.dump(document(1, many), f)
