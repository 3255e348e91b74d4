// Hooks for the figures that depend on other components (issue 7):
//
// - canvas: one full frame of a 10,000-node graph at 200×60 (only the visible part laid out and
//   drawn), and a frame after a pan. Target ≤ 2 ms.
// - files: load and save of a 100,000-node graph file. Target ≤ 0.5 s each.
//
// NodeCanvas's renderer and the GraphFile loader were being written on other branches when
// this benchmark landed. To add them once they are on main:
//   1. add the product to Benchmarks/Package.swift (`.product(name: "NodeCanvas", package: "NodeGraph")`),
//   2. implement `canvasFrame()` / `fileLoadSave()` below, emitting `Record`s with engine
//      "nodegraph", workload "canvas"/"file", op "frame"/"frame_after_pan"/"load"/"save",
//   3. call them from `extraHooks` and from main's loop (`--op canvas,file`), and
//   4. replace `extrasSection()` with a table built from those records.

func extraHooks(_ flag: String) {
    print("{\"hook\":\(quote(flag)),\"status\":\"not implemented yet: see Extras.swift\"}")
}

func extrasSection() -> String {
    """
    ## Canvas and files

    Not measured yet: the NodeCanvas renderer (10,000-node frame at 200×60, target ≤ 2 ms, and after a
    pan) and the graph-file loader (100,000-node file, load ≤ 0.5 s and save ≤ 0.5 s) were not on main
    when this benchmark was written. The hooks are in `Benchmarks/Sources/nodegraph-bench/Extras.swift`.


    """
}
