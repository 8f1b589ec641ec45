; A pointer handed to a thread creator is followed into the thread's entry,
; where the points-to analysis knows every function the call may start
; (here worker): each thread's atomic adds through its argument are writes
; of the array whose elements main hands out, which is write-hot and gets
; a line per element. Before, the address escaped at pthread_create and
; the array was skipped.
;
;   struct arg { int id; long sum; };
;   static struct arg args[4];
;   static void *worker(void *p) {
;     struct arg *a = p;
;     for (long i = 0; i < 1000000; ++i)
;       __atomic_fetch_add(&a->sum, i & 7, __ATOMIC_RELAXED);
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[4];
;     for (int i = 0; i < 4; ++i) {
;       args[i].id = i;
;       pthread_create(&t[i], 0, worker, &args[i]);
;     }
;     long total = 0;
;     for (int i = 0; i < 4; ++i) { pthread_join(t[i], 0); total += args[i].sum; }
;     return total == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK: {"align":16,"class":"write-hot","name":"args",{{.*}}"reason":"written while threads run: atomicrmw in worker (thread entry) in a loop",{{.*}}"inner_layout":"each of its 4 elements padded from 16 to 128 bytes"

; ModuleID = 'targ.c'
source_filename = "targ.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.arg = type { i32, i64 }

@args = internal global [4 x %struct.arg] zeroinitializer, align 16

; Function Attrs: nounwind uwtable
define dso_local i32 @main() local_unnamed_addr #0 {
  %1 = alloca [4 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %1) #5
  store i32 0, ptr @args, align 16, !tbaa !5
  %2 = call i32 @pthread_create(ptr noundef nonnull %1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull @args) #5
  store i32 1, ptr getelementptr inbounds (i8, ptr @args, i64 16), align 16, !tbaa !5
  %3 = getelementptr inbounds i8, ptr %1, i64 8
  %4 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull getelementptr inbounds (i8, ptr @args, i64 16)) #5
  store i32 2, ptr getelementptr inbounds (i8, ptr @args, i64 32), align 16, !tbaa !5
  %5 = getelementptr inbounds i8, ptr %1, i64 16
  %6 = call i32 @pthread_create(ptr noundef nonnull %5, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull getelementptr inbounds (i8, ptr @args, i64 32)) #5
  store i32 3, ptr getelementptr inbounds (i8, ptr @args, i64 48), align 16, !tbaa !5
  %7 = getelementptr inbounds i8, ptr %1, i64 24
  %8 = call i32 @pthread_create(ptr noundef nonnull %7, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull getelementptr inbounds (i8, ptr @args, i64 48)) #5
  %9 = load i64, ptr %1, align 16, !tbaa !11
  %10 = call i32 @pthread_join(i64 noundef %9, ptr noundef null) #5
  %11 = load i64, ptr getelementptr inbounds (i8, ptr @args, i64 8), align 8, !tbaa !12
  %12 = load i64, ptr %3, align 8, !tbaa !11
  %13 = call i32 @pthread_join(i64 noundef %12, ptr noundef null) #5
  %14 = load i64, ptr getelementptr inbounds (i8, ptr @args, i64 24), align 8, !tbaa !12
  %15 = add nsw i64 %14, %11
  %16 = load i64, ptr %5, align 16, !tbaa !11
  %17 = call i32 @pthread_join(i64 noundef %16, ptr noundef null) #5
  %18 = load i64, ptr getelementptr inbounds (i8, ptr @args, i64 40), align 8, !tbaa !12
  %19 = add nsw i64 %18, %15
  %20 = load i64, ptr %7, align 8, !tbaa !11
  %21 = call i32 @pthread_join(i64 noundef %20, ptr noundef null) #5
  %22 = load i64, ptr getelementptr inbounds (i8, ptr @args, i64 56), align 8, !tbaa !12
  %23 = sub i64 0, %19
  %24 = icmp eq i64 %22, %23
  %25 = zext i1 %24 to i32
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %1) #5
  ret i32 %25
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nofree norecurse nounwind memory(argmem: readwrite) uwtable
define internal noalias noundef ptr @worker(ptr nocapture noundef %0) #3 {
  %2 = getelementptr inbounds i8, ptr %0, i64 8
  br label %4

3:                                                ; preds = %4
  ret ptr null

4:                                                ; preds = %4, %1
  %5 = phi i64 [ 0, %1 ], [ %14, %4 ]
  %6 = atomicrmw or ptr %2, i64 0 monotonic, align 8
  %7 = atomicrmw add ptr %2, i64 1 monotonic, align 8
  %8 = atomicrmw add ptr %2, i64 2 monotonic, align 8
  %9 = atomicrmw add ptr %2, i64 3 monotonic, align 8
  %10 = atomicrmw add ptr %2, i64 4 monotonic, align 8
  %11 = atomicrmw add ptr %2, i64 5 monotonic, align 8
  %12 = atomicrmw add ptr %2, i64 6 monotonic, align 8
  %13 = atomicrmw add ptr %2, i64 7 monotonic, align 8
  %14 = add nsw i64 %5, 8
  %15 = icmp eq i64 %14, 1000000
  br i1 %15, label %3, label %4, !llvm.loop !13
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"arg", !7, i64 0, !10, i64 8}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!"long", !8, i64 0}
!11 = !{!10, !10, i64 0}
!12 = !{!6, !10, i64 8}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
