; Read-mostly group padding (x86_64, line 128). Every global below is read
; in the worker loop and written, if at all, in main before pthread_create.
;
; .data group: @lo [8 x i64] (0..64) then @hi [16 x i32] (64..128) end
; exactly on a line boundary: no .data pad.
; .bss group: @c i8 (0..1, the line alignment), @d i64 (align 8: 8..16),
; @big [40 x i32] with no explicit alignment, so the datalayout's rule for
; globals over 16 bytes gives it align 16 (16..176), spilling into a second
; line: an 80-byte pad closes the group at 256.
; The pads are private (no symbol), align 1, and come right after their
; group; the JSON summary counts their bytes (no write-hot global here).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; CHECK-NOT:  @cacheline.read_mostly.data.pad
; CHECK:      @lo = internal global [8 x i64] [i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8], section ".data.read_mostly", align 16
; CHECK-NEXT: @hi = internal global [16 x i32] [i32 1, {{.*}}], section ".data.read_mostly", align 4
; CHECK-NEXT: @c = internal global i8 0, section ".bss.read_mostly", align 1
; CHECK-NEXT: @d = internal global i64 0, section ".bss.read_mostly", align 8
; CHECK-NEXT: @big = internal global [40 x i32] zeroinitializer, section ".bss.read_mostly", align 16
; CHECK-NEXT: @cacheline.read_mostly.bss.pad = private global [80 x i8] zeroinitializer, section ".bss.read_mostly", align 1
; CHECK-NEXT: @llvm.compiler.used = appending global [8 x ptr] [ptr @cacheline.open.data.read_mostly, ptr @cacheline.open.bss.read_mostly, ptr @lo, ptr @hi, ptr @c, ptr @d, ptr @big, ptr @cacheline.read_mostly.bss.pad], section "llvm.metadata"
; CHECK-NOT:  @cacheline.read_mostly.data.pad

; JSON: "align":16,"class":"read-mostly","name":"big",{{.*}}"new_align":16,"new_section":".bss.read_mostly","padded_size":160}
; JSON: "padding_bytes":80

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@c = internal global i8 0, align 1
@lo = internal global [8 x i64] [i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8], align 16
@d = internal global i64 0, align 8
@hi = internal global [16 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16], align 4
@big = internal global [40 x i32] zeroinitializer

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s4, %loop ]
  %k = and i64 %i, 7
  %plo = getelementptr inbounds [8 x i64], ptr @lo, i64 0, i64 %k
  %vlo = load i64, ptr %plo, align 8
  %phi = getelementptr inbounds [16 x i32], ptr @hi, i64 0, i64 %k
  %vhi = load i32, ptr %phi, align 4
  %pbig = getelementptr inbounds [40 x i32], ptr @big, i64 0, i64 %k
  %vbig = load i32, ptr %pbig, align 4
  %vc = load i8, ptr @c, align 1
  %vd = load i64, ptr @d, align 8
  %e1 = sext i32 %vhi to i64
  %e2 = sext i32 %vbig to i64
  %e3 = sext i8 %vc to i64
  %s1 = add i64 %s, %vlo
  %s2 = add i64 %s1, %e1
  %s3 = add i64 %s2, %e2
  %s3b = add i64 %s3, %e3
  %s4 = add i64 %s3b, %vd
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %s4 to ptr
  ret ptr %r
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  %a = sext i32 %argc to i64
  store i64 %a, ptr @d, align 8
  store i32 %argc, ptr @big, align 4
  %c8 = trunc i32 %argc to i8
  store i8 %c8, ptr @c, align 1
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
