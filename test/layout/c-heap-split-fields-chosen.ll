; One struct allocated once, its fields in groups on lines of their own,
; where the optimizer turned `id & 1 ? &srv->served_odd : &srv->served_even`
; into an index chosen among constants (`select i1 %c, i64 2, i64 3` of
; 8-byte steps): each choice is a place of its own, so the two counters,
; written by different threads, go to lines of their own, and the rewrite
; chooses among their new places instead; the memset that clears the whole
; struct clears the whole new one (IR of clang -O2):
;
;   struct server { long max_request; int log_level; long served_even;
;                   long served_odd; };
;   static struct server *srv;
;   static void *worker(void *p) {
;     long id = (long)p;
;     for (long i = 0; i < 1000000; ++i) {
;       if (srv->log_level > 3) fprintf(stderr, "unit %ld\n", i);
;       long size = (i & 255) < srv->max_request ? i & 255 : srv->max_request;
;       if (id & 1) __atomic_fetch_add(&srv->served_odd, size, __ATOMIC_RELAXED);
;       else __atomic_fetch_add(&srv->served_even, size, __ATOMIC_RELAXED);
;     }
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     srv = aligned_alloc(16, sizeof *srv);
;     if (!srv) return 1;
;     memset(srv, 0, sizeof *srv);
;     srv->max_request = 100 + argc; srv->log_level = argc - 1;
;     pthread_t t[2];
;     for (long i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld %ld\n", srv->served_even, srv->served_odd);
;     free(srv);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; CHECK: [[SRV:%.*]] = call noalias align 128 ptr @aligned_alloc(i64 128, i64 384)
; CHECK: call void @llvm.memset.p0.i64(ptr {{.*}}[[SRV]], i8 0, i64 384, i1 false)
; served_even (+16) stays; served_odd (+24) goes to 152: 2 and 19 steps of 8.
; CHECK: define internal {{.*}} @worker(
; CHECK: [[CHOICE:%.*]] = select i1 %{{.*}}, i64 2, i64 19
; CHECK: mul nsw i64 [[CHOICE]], 8

; JSON: "inner_layout":"fields split into 3 groups of lines: write-hot {field 2 (+16)}; write-hot {field 3 (+24)}; read-mostly {field 0 (+0), field 1 (+8)}",{{.*}}"moved_fields":{{\[\[0,8,256\],\[8,4,264\],\[16,8,16\],\[24,8,152\]\]}},"new_size":384,

; ModuleID = 'heap_choose.c'
source_filename = "heap_choose.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@srv = internal unnamed_addr global ptr null, align 8
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@stderr = external local_unnamed_addr global ptr, align 8
@.str.1 = private unnamed_addr constant [10 x i8] c"unit %ld\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr #0 {
  %3 = alloca [2 x i64], align 16
  %4 = tail call noalias align 16 dereferenceable_or_null(32) ptr @aligned_alloc(i64 noundef 16, i64 noundef 32) #10
  store ptr %4, ptr @srv, align 8, !tbaa !5
  %5 = icmp eq ptr %4, null
  br i1 %5, label %25, label %6

6:                                                ; preds = %2
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %4, i8 0, i64 32, i1 false)
  %7 = add nsw i32 %0, 100
  %8 = sext i32 %7 to i64
  store i64 %8, ptr %4, align 16, !tbaa !9
  %9 = add nsw i32 %0, -1
  %10 = getelementptr inbounds i8, ptr %4, i64 8
  store i32 %9, ptr %10, align 8, !tbaa !13
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3) #11
  %11 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #11
  %12 = getelementptr inbounds i8, ptr %3, i64 8
  %13 = call i32 @pthread_create(ptr noundef nonnull %12, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #11
  %14 = load i64, ptr %3, align 16, !tbaa !14
  %15 = call i32 @pthread_join(i64 noundef %14, ptr noundef null) #11
  %16 = load i64, ptr %12, align 8, !tbaa !14
  %17 = call i32 @pthread_join(i64 noundef %16, ptr noundef null) #11
  %18 = load ptr, ptr @srv, align 8, !tbaa !5
  %19 = getelementptr inbounds i8, ptr %18, i64 16
  %20 = load i64, ptr %19, align 8, !tbaa !15
  %21 = getelementptr inbounds i8, ptr %18, i64 24
  %22 = load i64, ptr %21, align 8, !tbaa !16
  %23 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %20, i64 noundef %22)
  %24 = load ptr, ptr @srv, align 8, !tbaa !5
  call void @free(ptr noundef %24) #11
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3) #11
  br label %25

25:                                               ; preds = %2, %6
  %26 = phi i32 [ 0, %6 ], [ 1, %2 ]
  ret i32 %26
}

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized,aligned") allocsize(1) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @aligned_alloc(i64 allocalign noundef, i64 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #3

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #4

; Function Attrs: nofree nounwind uwtable
define internal noalias noundef ptr @worker(ptr noundef %0) #5 {
  %2 = ptrtoint ptr %0 to i64
  %3 = and i64 %2, 1
  %4 = icmp eq i64 %3, 0
  %5 = load ptr, ptr @srv, align 8, !tbaa !5
  %6 = select i1 %4, i64 16, i64 24
  br label %8

7:                                                ; preds = %18
  ret ptr null

8:                                                ; preds = %1, %18
  %9 = phi ptr [ %5, %1 ], [ %19, %18 ]
  %10 = phi i64 [ 0, %1 ], [ %25, %18 ]
  %11 = getelementptr inbounds i8, ptr %9, i64 8
  %12 = load i32, ptr %11, align 8, !tbaa !13
  %13 = icmp sgt i32 %12, 3
  br i1 %13, label %14, label %18

14:                                               ; preds = %8
  %15 = load ptr, ptr @stderr, align 8, !tbaa !5
  %16 = tail call i32 (ptr, ptr, ...) @fprintf(ptr noundef %15, ptr noundef nonnull @.str.1, i64 noundef %10) #12
  %17 = load ptr, ptr @srv, align 8, !tbaa !5
  br label %18

18:                                               ; preds = %14, %8
  %19 = phi ptr [ %17, %14 ], [ %9, %8 ]
  %20 = and i64 %10, 255
  %21 = load i64, ptr %19, align 8, !tbaa !9
  %22 = tail call i64 @llvm.smin.i64(i64 %20, i64 %21)
  %23 = getelementptr inbounds i8, ptr %19, i64 %6
  %24 = atomicrmw add ptr %23, i64 %22 monotonic, align 8
  %25 = add nsw i64 %10, 1
  %26 = icmp eq i64 %25, 1000000
  br i1 %26, label %7, label %8, !llvm.loop !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #3

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #7

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #8

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(ptr nocapture noundef, ptr nocapture noundef readonly, ...) local_unnamed_addr #7

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #9

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized,aligned") allocsize(1) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #10 = { nounwind allocsize(1) }
attributes #11 = { nounwind }
attributes #12 = { cold nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"server", !11, i64 0, !12, i64 8, !11, i64 16, !11, i64 24}
!11 = !{!"long", !7, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = !{!10, !12, i64 8}
!14 = !{!11, !11, i64 0}
!15 = !{!10, !11, i64 16}
!16 = !{!10, !11, i64 24}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
