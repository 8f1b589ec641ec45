; At the link (cacheline-layout<link> as the plugin runs it first thing in
; the full-LTO link's pipeline, cacheline-place as it runs at the end) a
; read-mostly global that nothing stores but its initializer, and whose
; address goes nowhere, is left where it is: the link's GlobalOpt makes it
; constant (GlobalStatus, its own test), and codegen puts it with the
; read-only data, away from every write (a table of pointers in
; .data.rel.ro, which RELRO makes read-only). Moved into the writable group,
; it would stay writable. @limit, stored in main before the thread starts,
; moves as before, and so does @table when no GlobalOpt follows (the pass
; alone).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>,cacheline-place' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; CHECK: @table = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16{{$}}
; CHECK: @limit = internal global i32 0, section ".bss.read_mostly", align 4
; CHECK: @llvm.compiler.used = appending global [5 x ptr] [ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.bss.read_mostly, ptr @hits, ptr @limit, ptr @cacheline.read_mostly.bss.pad]
; RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
; REPORT: "class":"read-mostly",{{.*}}"name":"table",{{.*}}"reason":"never written; {{.*}}"not_moved":"left in place: nothing stores it, and the link makes it constant"
; REPORT: "class":"read-mostly",{{.*}}"name":"limit",{{.*}}"new_section":".bss.read_mostly"
;
; The link's GlobalOpt then makes it constant.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>,globalopt,cacheline-place' -S %s -o %t.opt.ll
; RUN: FileCheck %s --check-prefix=OPT --input-file=%t.opt.ll
; OPT: @table = internal unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
;
; The pass alone moves it.
; RUN: %opt -load-pass-plugin=%plugin -passes=cacheline-layout -S %s -o %t.alone.ll
; RUN: FileCheck %s --check-prefix=ALONE --input-file=%t.alone.ll
; ALONE: @table = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], section ".data.read_mostly", align 16
;
; The missed remark says why.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>' -pass-remarks-missed=cacheline-layout -disable-output %s 2> %t.remarks
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
; REMARK: remark: {{.*}}read-mostly global table left in place: nothing stores it, and the link makes it constant

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@limit = internal global i32 0, align 4
@hits = internal global i64 0, align 8

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %k = and i64 %i, 3
  %slot = getelementptr inbounds [4 x i32], ptr @table, i64 0, i64 %k
  %t = load i32, ptr %slot, align 4
  %lim = load i32, ptr @limit, align 4
  %h = load i64, ptr @hits, align 8
  %t64 = sext i32 %t to i64
  %h.next = add i64 %h, %t64
  store i64 %h.next, ptr @hits, align 8
  %i.next = add nuw nsw i64 %i, 1
  %lim64 = sext i32 %lim to i64
  %more = icmp slt i64 %i.next, %lim64
  br i1 %more, label %loop, label %exit

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @limit, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
