; The JSON report (-cacheline-layout-report) records what the layout did
; (x86_64, line 128; the program of triple-x86_64.ll). Each moved global
; gains "new_section", "new_align" and "padded_size" next to its original
; "size" and "align" (from before the layout; the preferred alignment when
; the IR gave none, e.g. level's 1). Write-hot globals are padded to whole
; lines, read-mostly ones keep their size. The summary's "padding_bytes" is
; every byte added: counter 120 + hits 124 + .data pad 126 + .bss pad 122 =
; 492. The pads themselves are no globals of the report.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json --implicit-check-not=cacheline.read_mostly

; CHECK:      "line_size": 128,
; CHECK:      {"align":4,"class":"read-mostly","name":"flag","reads":1,{{.*}},"size":4,{{.*}}"new_align":128,"new_section":".bss.read_mostly","padded_size":4}
; CHECK-NEXT: {"align":1,"class":"read-mostly","name":"verbose","reads":1,{{.*}},"size":1,{{.*}}"new_align":128,"new_section":".data.read_mostly","padded_size":1}
; CHECK-NEXT: {"align":8,"class":"write-hot","name":"counter","reads":0,{{.*}},"size":8,{{.*}}"new_align":128,"new_section":".bss.write_hot","padded_size":128}
; CHECK-NEXT: {"align":2,"class":"read-mostly","name":"nthreads","reads":1,{{.*}},"size":2,{{.*}}"new_align":2,"new_section":".bss.read_mostly","padded_size":2}
; CHECK-NEXT: {"align":4,"class":"write-hot","name":"hits","reads":0,{{.*}},"size":4,{{.*}}"new_align":128,"new_section":".data.write_hot","padded_size":128}
; CHECK-NEXT: {"align":1,"class":"read-mostly","name":"level","reads":1,{{.*}},"size":1,{{.*}}"new_align":1,"new_section":".data.read_mostly","padded_size":1}
; CHECK-NEXT: ],
; CHECK-NEXT: "allocations": [],
; CHECK-NEXT: "summary": {"globals":6,"neutral":0,"padding_bytes":492,"read-mostly":4,"skipped":0,"write-hot":2},

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = internal global i32 0, align 4
@verbose = internal global i8 1, align 1
@counter = internal global i64 0, align 8
@nthreads = internal global i16 0
@hits = internal global i32 1, align 4
@level = internal global i8 3

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %f = load i32, ptr @flag, align 4
  %n = load i16, ptr @nthreads, align 2
  %v = load i8, ptr @verbose, align 1
  %l = load i8, ptr @level, align 1
  %old = atomicrmw add ptr @counter, i64 1 monotonic, align 8
  store i32 %i, ptr @hits, align 4
  %i.next = add nuw nsw i32 %i, 1
  %n32 = sext i16 %n to i32
  %v32 = sext i8 %v to i32
  %l32 = sext i8 %l to i32
  %s1 = add i32 %f, %n32
  %s2 = add i32 %s1, %v32
  %lim = add i32 %s2, %l32
  %more = icmp slt i32 %i.next, %lim
  br i1 %more, label %loop, label %exit

exit:
  ret ptr null
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store i32 %argc, ptr @flag, align 4
  store i16 4, ptr @nthreads, align 2
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
