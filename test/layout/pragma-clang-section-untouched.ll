; Regression (was a bug): `#pragma clang section bss=... data=...` chooses a section through the
; global's "bss-section"/"data-section" attributes, not through its section
; field: Policy.cpp skipReason() only tests GV.hasSection(), so the global is
; classified (read-mostly here) and Layout.cpp applyLayout() calls
; setSection(".bss.read_mostly"), which codegen prefers to the attribute
; (TargetLoweringObjectFile::SectionForGlobal: an explicit section wins).
; Before the pass llc puts @flag in my_bss; after it, in .bss.read_mostly.
; A user-chosen section must be left alone (skipped: "section chosen by the
; user"), exactly as for __attribute__((section)).
; Source (clang-19 -O1, trimmed; x86_64):
;   #pragma clang section bss="my_bss" data="my_data"
;   static int flag;                 // set in main before pthread_create, read in the worker loop
;   #pragma clang section bss="" data=""
;   static int plain;                // the same, no pragma: moved (shows the pass ran)
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll

; CHECK-DAG: @flag = internal unnamed_addr global i32 0, align 4 #0{{$}}
; CHECK-DAG: @plain = internal unnamed_addr global i32 0, section ".bss.read_mostly", align 4{{$}}
; CHECK-DAG: attributes #0 = { "bss-section"="my_bss" "data-section"="my_data" }

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = internal unnamed_addr global i32 0, align 4 #0
@plain = internal unnamed_addr global i32 0, align 4

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %f = load i32, ptr @flag, align 4
  %p = load i32, ptr @plain, align 4
  %s = add i32 %f, %p
  %s64 = sext i32 %s to i64
  %n.next = add i64 %n, %s64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @flag, align 4
  store i32 %argc, ptr @plain, align 4
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

attributes #0 = { "bss-section"="my_bss" "data-section"="my_data" }
