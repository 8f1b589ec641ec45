; An address handed to the printf family is what its constant format makes
; of it (KnownFunctions.cpp, formattedArgumentEffect): `%p` prints it and
; touches nothing, so @counts, logged where it lies, is no escape and is
; padded per element; `%s` reads a string there, so @name is read by
; printf(); `%n` writes through it, and @written escapes as before.
;
;   static long counts[2]; // logged with %p
;   static char name[16];  // printed with %s
;   static int written;    // written by %n
;   static void *worker(void *arg) { long id = (long)arg;
;     for (long i = 0; i < 1000000; ++i)
;       __atomic_fetch_add(&counts[id], 1, __ATOMIC_RELAXED); return 0; }
;   int main(int argc, char **argv) {
;     name[0] = (char)('a' + argc % 26);
;     printf("counts at %p and %p\n", (void *)&counts[0], (void *)&counts[1]);
;     start two workers, join them;
;     printf("%s: %ld %ld%n\n", name, counts[0], counts[1], &written);
;     return written; }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK-DAG: {"align":16,"class":"write-hot","name":"counts",{{.*}}"inner_layout":"each of its 2 elements padded from 8 to 128 bytes"
; CHECK-DAG: {"align":16,"class":"read-mostly","name":"name",{{.*}}"reason":"written only at start-up (store in main before the first thread starts); read by printf() in main after threads may exist"
; CHECK-DAG: "class":"skipped","escape":"address passed to unknown function printf in main","name":"written"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@name = internal global [16 x i8] zeroinitializer, align 16
@.str = private unnamed_addr constant [21 x i8] c"counts at %p and %p\0A\00", align 1
@counts = internal global [2 x i64] zeroinitializer, align 16
@.str.1 = private unnamed_addr constant [15 x i8] c"%s: %ld %ld%n\0A\00", align 1
@written = internal global i32 0, align 4

define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [2 x i64], align 16
  %4 = srem i32 %0, 26
  %5 = trunc i32 %4 to i8
  %6 = add nsw i8 %5, 97
  store i8 %6, ptr @name, align 16, !tbaa !5
  %7 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, ptr noundef nonnull @counts, ptr noundef nonnull getelementptr inbounds (i8, ptr @counts, i64 8))
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3) #6
  %8 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #6
  %9 = getelementptr inbounds i8, ptr %3, i64 8
  %10 = call i32 @pthread_create(ptr noundef nonnull %9, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #6
  %11 = load i64, ptr %3, align 16, !tbaa !8
  %12 = call i32 @pthread_join(i64 noundef %11, ptr noundef null) #6
  %13 = load i64, ptr %9, align 8, !tbaa !8
  %14 = call i32 @pthread_join(i64 noundef %13, ptr noundef null) #6
  %15 = load i64, ptr @counts, align 16, !tbaa !8
  %16 = load i64, ptr getelementptr inbounds (i8, ptr @counts, i64 8), align 8, !tbaa !8
  %17 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, ptr noundef nonnull @name, i64 noundef %15, i64 noundef %16, ptr noundef nonnull @written)
  %18 = load i32, ptr @written, align 4, !tbaa !10
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3) #6
  ret i32 %18
}

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #1

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

define internal noalias noundef ptr @worker(ptr noundef %0) #4 {
  %2 = ptrtoint ptr %0 to i64
  %3 = getelementptr inbounds [2 x i64], ptr @counts, i64 0, i64 %2
  br label %5

4:                                                ; preds = %5
  ret ptr null

5:                                                ; preds = %5, %1
  %6 = phi i64 [ 0, %1 ], [ %17, %5 ]
  %7 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %8 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %9 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %10 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %11 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %12 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %13 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %14 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %15 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %16 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  %17 = add nuw nsw i64 %6, 10
  %18 = icmp eq i64 %17, 1000000
  br i1 %18, label %4, label %5, !llvm.loop !12
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

attributes #0 = { nounwind uwtable }
attributes #1 = { nofree nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind }
attributes #4 = { nofree norecurse nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable }
attributes #5 = { nounwind }
attributes #6 = { nounwind }

!5 = !{!6, !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"long", !6, i64 0}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !6, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
