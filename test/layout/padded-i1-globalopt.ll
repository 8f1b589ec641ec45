; i1 flags narrowed by GlobalOpt (x86_64, line 128). clang -O2 shrinks an
; int that is only ever set to 1 into an i1 global that keeps the int's
; alignment 4 and gains unnamed_addr:
;
;   static int seen;      // set to 1 in the worker's busy loop: write-hot
;   static int enabled;   // set to 1 in main before pthread_create, read by the worker: read-mostly
;
; @seen (1 byte) grows to { i1, [127 x i8] } in .bss.write_hot, align 128,
; unnamed_addr kept. @enabled is the whole .bss read-mostly group: it keeps
; its type, moves to .bss.read_mostly with align 128, and a 127-byte pad
; closes the line.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK:      @seen = internal unnamed_addr global { i1, [127 x i8] } zeroinitializer, section ".bss.write_hot", align 4
; CHECK-NEXT: @enabled = internal unnamed_addr global i1 false, section ".bss.read_mostly", align 4
; CHECK-NEXT: @cacheline.read_mostly.bss.pad = private global [127 x i8] zeroinitializer, section ".bss.read_mostly", align 1
; CHECK-NEXT: @llvm.compiler.used = appending global [5 x ptr] [ptr @cacheline.open.bss.write_hot, ptr @cacheline.open.bss.read_mostly, ptr @seen, ptr @enabled, ptr @cacheline.read_mostly.bss.pad], section "llvm.metadata"
; CHECK-LABEL: define internal ptr @worker(
; CHECK: %en = load i1, ptr @enabled, align 4
; CHECK: store i1 true, ptr @seen, align 4

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@enabled = internal unnamed_addr global i1 false, align 4
@seen = internal unnamed_addr global i1 false, align 4

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %cmp = icmp sgt i32 %argc, 1
  br i1 %cmp, label %if.then, label %if.end

if.then:
  store i1 true, ptr @enabled, align 4
  br label %if.end

if.end:
  %call = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr inttoptr (i64 1000 to ptr))
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  %s = load i1, ptr @seen, align 4
  %r = zext i1 %s to i32
  ret i32 %r
}

define internal ptr @worker(ptr %a) {
entry:
  %limit = ptrtoint ptr %a to i64
  %en = load i1, ptr @enabled, align 4
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %latch ]
  %add = select i1 %en, i64 %i, i64 0
  %n.next = add i64 %n, %add
  %odd = trunc i64 %n.next to i1
  br i1 %odd, label %set, label %latch

set:
  store i1 true, ptr @seen, align 4
  br label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %limit
  br i1 %more, label %loop, label %exit

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
