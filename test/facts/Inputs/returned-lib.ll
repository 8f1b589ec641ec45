; An exported function returns the address of its TU's internal @shared
; (returned-main.ll writes through what it returns): see
; returned-address-two-tu.test.
source_filename = "lib.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@shared = internal global [4 x i32] zeroinitializer, align 16

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local nonnull ptr @slot_for(i32 noundef %i) local_unnamed_addr {
entry:
  %and = and i32 %i, 3
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds [4 x i32], ptr @shared, i64 0, i64 %idxprom
  ret ptr %arrayidx
}



