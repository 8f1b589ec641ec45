; CACHELINE_LAYOUT_REPORT names the JSON report file when
; -cacheline-layout-report is absent (at the LTO link lld parses -mllvm
; before loading plugins, so the environment is the way in). When both are
; given the option wins: the report goes to the option's file only.
; Without either, no report is written.
; RUN: rm -f %t.env.json %t.opt.json %t.none.json
; RUN: env CACHELINE_LAYOUT_REPORT=%t.env.json %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -disable-output %s
; RUN: FileCheck %s --input-file=%t.env.json
; RUN: rm -f %t.env.json
; RUN: env CACHELINE_LAYOUT_REPORT=%t.env.json %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.opt.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.opt.json
; RUN: not test -e %t.env.json
; An empty variable counts as unset:
; RUN: env CACHELINE_LAYOUT_REPORT= %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -disable-output %s
; RUN: not test -e %t.none.json
; The analysis printer never writes the report:
; RUN: env CACHELINE_LAYOUT_REPORT=%t.none.json %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>' -disable-output %s > %t.txt
; RUN: not test -e %t.none.json

; CHECK: "target": "x86_64-unknown-linux-gnu",
; CHECK: "line_size": 128,
; CHECK-DAG: "class":"write-hot","name":"counter",
; CHECK-DAG: "class":"read-mostly","name":"limit",
; CHECK-DAG: "summary": {"globals":2,"neutral":0,"read-mostly":1,"skipped":0,"write-hot":1}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@counter = internal global i64 0, align 8
@limit = internal global i64 100, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %c = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  %lim = load i64, ptr @limit, align 8
  %i.next = add i64 %i, 1
  %done = icmp uge i64 %i.next, %lim
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
  %t = alloca i64, align 8
  store i64 1000, ptr @limit, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
