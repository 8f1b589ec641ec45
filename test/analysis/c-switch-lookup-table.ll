; A constant lookup table of the module's own (SimplifyCFG turns
; `switch (tid) { case 0: c = &a; case 1: c = &b; default: c = &d; }` into
; one) holds the counters' addresses: the loads from it are followed like
; the addresses themselves, so @a and @b are write-hot like @d, not skipped
; as escaping. A table that is itself stored (@leaky_table) still makes its
; entries escape, and a table-only reader stays read-mostly (@cfg).
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' %s -S -o - | FileCheck %s --check-prefix=IR

; CHECK-DAG: "class":"write-hot","name":"a","reads":0,"reason":"written while threads run: atomicrmw in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"b",{{.*}}"reason":"written while threads run: atomicrmw in worker (thread entry) in a loop"
; CHECK-DAG: "class":"write-hot","name":"d",{{.*}}"reason":"written while threads run: atomicrmw in worker (thread entry) in a loop"
; CHECK-DAG: "class":"read-mostly","name":"cfg",{{.*}}"reason":"written only at start-up (store in main before the first thread starts); read by load in worker (thread entry) in a loop"
; CHECK-DAG: "class":"skipped","escape":"address stored in the initializer of leaky_table","name":"e"
; IR-DAG: @switch.table.worker = private unnamed_addr constant [2 x ptr] [ptr @a, ptr @b]
; IR-DAG: @a = internal global { i64, [120 x i8] } { i64 1, [120 x i8] zeroinitializer }, section ".data.write_hot", align 8

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = internal global i64 1, align 8
@b = internal global i64 1, align 8
@d = internal global i64 1, align 8
@e = internal global i64 1, align 8
@cfg = internal global i32 0, align 4
@switch.table.worker = private unnamed_addr constant [2 x ptr] [ptr @a, ptr @b]
@leaky_table = internal constant [1 x ptr] [ptr @e]
@sink = global ptr null

define internal ptr @worker(ptr %arg) {
entry:
  %tid = ptrtoint ptr %arg to i64
  %in.table = icmp ult i64 %tid, 2
  br i1 %in.table, label %lookup, label %join

lookup:
  %gep = getelementptr inbounds [2 x ptr], ptr @switch.table.worker, i64 0, i64 %tid
  %p = load ptr, ptr %gep, align 8
  br label %join

join:
  %counter = phi ptr [ %p, %lookup ], [ @d, %entry ]
  br label %loop

loop:
  %i = phi i32 [ 0, %join ], [ %i.next, %loop ]
  %old = atomicrmw add ptr %counter, i64 1 monotonic, align 8
  %c = load volatile i32, ptr @cfg, align 4
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
  store ptr @leaky_table, ptr @sink, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
