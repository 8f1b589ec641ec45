; Rule 1: a constant global is skipped ("constant"): nothing can write it,
; so it can never share a line with a write. Its sibling `limit_var` has the
; same accesses (only loads in a thread entry, never written) but is not
; constant, so it is classified: read-mostly ("never written").
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes=cacheline-layout -pass-remarks-analysis=cacheline-layout -disable-output %s 2>%t.rmk
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.rmk

; CHECK-DAG: {"align":8,"class":"skipped","name":"limit","reads":{{[0-9]+}},"reason":"constant","size":8,
; CHECK-DAG: {"align":4,"class":"skipped","name":"table","reads":{{[0-9]+}},"reason":"constant","size":16,
; CHECK-DAG: "class":"read-mostly","name":"limit_var","reads":1,"reason":"never written; read by load in worker (thread entry) in a loop"
; CHECK-DAG: "summary": {"globals":4,"neutral":0,"read-mostly":1,"skipped":2,"write-hot":1}

; REMARK-DAG: remark: {{.*}}global limit is skipped: constant
; REMARK-DAG: remark: {{.*}}global table is skipped: constant
; REMARK-DAG: remark: {{.*}}global limit_var is read-mostly: never written

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@limit = internal constant i64 1000, align 8
@table = internal unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@limit_var = internal global i64 1000, align 8
@sum = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %lim = load i64, ptr @limit, align 8
  %lim2 = load i64, ptr @limit_var, align 8
  %idx = and i64 %i, 3
  %p = getelementptr inbounds [4 x i32], ptr @table, i64 0, i64 %idx
  %v = load i32, ptr %p, align 4
  %v64 = sext i32 %v to i64
  %s = load i64, ptr @sum, align 8
  %s1 = add i64 %s, %v64
  store i64 %s1, ptr @sum, align 8
  %i.next = add i64 %i, 1
  %bound = add i64 %lim, %lim2
  %done = icmp uge i64 %i.next, %bound
  br i1 %done, label %exit, label %loop

exit:
  ret ptr null
}

define i32 @main() {
  %t = alloca i64, align 8
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %h = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %h, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
