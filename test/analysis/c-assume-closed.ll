; Closed executables: a program linked with --export-dynamic keeps its
; globals exported, and every exported global is skipped (another module
; could write it). With -cacheline-assume-closed (CACHELINE_LAYOUT_ASSUME_CLOSED=1)
; the executable's own globals (the module defines main) are internal:
; @cfg, written in main before the thread starts and read by the worker, is
; read-mostly; @hits, written by the worker's loop, is write-hot. A weak
; global (@tunable), which another module may replace, stays skipped, and so
; does every global of a library (no main), whatever the option says.
;
;   int cfg; long hits; __attribute__((weak)) int tunable = 1;
;   static void *worker(void *a) { for (int i = 0; i < 1000; ++i) hits += cfg + tunable; return 0; }
;   int main(int c, char **v) { cfg = c; pthread_t t; pthread_create(&t, 0, worker, 0); pthread_join(t, 0); return 0; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.open.json -disable-output %s
; RUN: FileCheck %s --check-prefix=OPEN --input-file=%t.open.json
; OPEN-DAG: "class":"skipped","name":"cfg",{{.*}}"reason":"exported: another module or library could write it"
; OPEN-DAG: "class":"skipped","name":"hits",{{.*}}"reason":"exported: another module or library could write it"
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -cacheline-assume-closed -passes=cacheline-layout -cacheline-layout-report=%t.closed.json -disable-output %s
; RUN: FileCheck %s --check-prefix=CLOSED --input-file=%t.closed.json
; CLOSED-DAG: "class":"read-mostly","name":"cfg",{{.*}}"reason":"written only at start-up
; CLOSED-DAG: "class":"write-hot","name":"hits"
; CLOSED-DAG: "class":"skipped","name":"tunable",{{.*}}"reason":"exported: another module or library could write it"
; The environment, as at the link; and a bad value.
; RUN: env CACHELINE_LAYOUT_ASSUME_CLOSED=1 %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -cacheline-layout-report=%t.env.json -disable-output %s
; RUN: FileCheck %s --check-prefix=CLOSED --input-file=%t.env.json
; RUN: env CACHELINE_LAYOUT_ASSUME_CLOSED=yes not %opt -load-pass-plugin=%plugin -passes=cacheline-layout -disable-output %s 2> %t.bad
; RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad
; BAD: error: cacheline-layout: CACHELINE_LAYOUT_ASSUME_CLOSED: invalid value 'yes': expected 0 or 1
; A library: no main, nothing is closed.
; RUN: sed -e 's/^define i32 @main(/define i32 @not_main(/' %s > %t.lib.ll
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -cacheline-assume-closed -passes=cacheline-layout -cacheline-layout-report=%t.lib.json -disable-output %t.lib.ll
; RUN: FileCheck %s --check-prefix=LIB --input-file=%t.lib.json
; LIB-DAG: "class":"skipped","name":"cfg",{{.*}}"reason":"exported: another module or library could write it"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cfg = global i32 0, align 4
@hits = global i64 0, align 8
@tunable = weak global i32 1, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %c = load i32, ptr @cfg, align 4
  %u = load i32, ptr @tunable, align 4
  %s = add i32 %c, %u
  %s64 = sext i32 %s to i64
  %h = load i64, ptr @hits, align 8
  %h1 = add i64 %h, %s64
  store i64 %h1, ptr @hits, align 8
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @cfg, align 4
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
