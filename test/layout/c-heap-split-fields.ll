; A struct allocated once whose fields have different classes gets each
; group of fields on lines of its own inside the allocation (the split of
; a struct global, FieldLayout.h, within one allocation): its fields are
; the bytes its accesses reach (it has no type here), the configuration
; that workers read goes after the counters they write, each group from a
; line boundary, every field address rebuilt; the allocation grows to the
; groups' lines. The loads of the pointer variable, reloaded after a call
; and carried round the worker's loop by phis, are one value: the object's
; start (IR of clang -O2):
;
;   struct server {
;     int port;          /* configuration: read by every request */
;     int verbose;
;     long max_conns;
;     long served[2];    /* one counter per worker */
;     long errors;       /* written by worker 1 only */
;   };
;   static struct server *srv;
;   static long rounds = 2000000;
;   static void *worker(void *p) {
;     long id = (long)p;
;     for (long i = 0; i < rounds; ++i) {
;       if (srv->verbose > 1 && i % srv->max_conns == 0)
;         printf("%d\n", srv->port);
;       srv->served[id]++;
;       if (id == 1 && i % 7 == 0)
;         srv->errors++;
;     }
;     return 0;
;   }
;   int main(int argc, char **argv) {
;     srv = malloc(sizeof *srv);
;     if (!srv) return 1;
;     srv->port = 8080 + argc; srv->verbose = argc > 5;
;     srv->max_conns = 100 + argc;
;     srv->served[0] = srv->served[1] = 0; srv->errors = 0;
;     if (argc > 1) rounds = atol(argv[1]);
;     pthread_t t[2];
;     for (long i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     printf("%ld %ld %ld %d\n", srv->served[0], srv->served[1], srv->errors,
;            srv->port);
;     free(srv);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

; The counters (24 bytes from +16, zeroed by one memset) stay at +16; the
; configuration moves to the next line, each field at its offset in it.
; CHECK: define dso_local {{.*}} @main(
; The null check stays on the start, port's address (at the start before)
; is its new one.
; CHECK: [[SRV:%.*]] = call noalias align 128 ptr @aligned_alloc(i64 128, i64 256)
; CHECK-NEXT: [[PORT:%.*]] = getelementptr inbounds i8, ptr [[SRV]], i64 128
; CHECK-NEXT: store ptr [[SRV]], ptr @srv
; CHECK-NEXT: icmp eq ptr [[SRV]], null
; CHECK: store i32 %{{.*}}, ptr [[PORT]]
; CHECK: getelementptr inbounds i8, ptr [[SRV]], i64 132
; CHECK: getelementptr inbounds i8, ptr [[SRV]], i64 136
; CHECK: define internal {{.*}} @worker(
; CHECK: [[VERBOSE:%.*]] = getelementptr inbounds i8, ptr %{{.*}}, i64 132
; CHECK-NEXT: load i32, ptr [[VERBOSE]]

; JSON: "allocations": [
; JSON-NEXT: {"allocated":"start-up","allocator":"malloc","call":0,"call_path":["main"],"class":"write-hot","element_size":40,"elements":1,"function":"main","held_by":["srv"],"inner_layout":"fields split into 2 groups of lines: write-hot {field 3 (+16)}; read-mostly {field 0 (+0), field 1 (+4), field 2 (+8)}",{{.*}}"moved_fields":{{\[\[0,4,128\],\[4,4,132\],\[8,8,136\],\[16,24,16\]\]}},"new_size":256,

; ModuleID = 'heap_split.c'
source_filename = "heap_split.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@srv = internal unnamed_addr global ptr null, align 8
@rounds = internal unnamed_addr global i64 2000000, align 8
@.str = private unnamed_addr constant [16 x i8] c"%ld %ld %ld %d\0A\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 {
  %3 = alloca [2 x i64], align 16
  %4 = tail call noalias dereferenceable_or_null(40) ptr @malloc(i64 noundef 40) #10
  store ptr %4, ptr @srv, align 8, !tbaa !5
  %5 = icmp eq ptr %4, null
  br i1 %5, label %38, label %6

6:                                                ; preds = %2
  %7 = add nsw i32 %0, 8080
  store i32 %7, ptr %4, align 8, !tbaa !9
  %8 = icmp sgt i32 %0, 5
  %9 = zext i1 %8 to i32
  %10 = getelementptr inbounds i8, ptr %4, i64 4
  store i32 %9, ptr %10, align 4, !tbaa !13
  %11 = add nsw i32 %0, 100
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds i8, ptr %4, i64 8
  store i64 %12, ptr %13, align 8, !tbaa !14
  %14 = getelementptr inbounds i8, ptr %4, i64 16
  %15 = icmp sgt i32 %0, 1
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(24) %14, i8 0, i64 24, i1 false)
  br i1 %15, label %16, label %20

16:                                               ; preds = %6
  %17 = getelementptr inbounds i8, ptr %1, i64 8
  %18 = load ptr, ptr %17, align 8, !tbaa !5
  %19 = tail call i64 @strtol(ptr nocapture noundef nonnull %18, ptr noundef null, i32 noundef 10) #11
  store i64 %19, ptr @rounds, align 8, !tbaa !15
  br label %20

20:                                               ; preds = %16, %6
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %3) #11
  %21 = call i32 @pthread_create(ptr noundef nonnull %3, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #11
  %22 = getelementptr inbounds i8, ptr %3, i64 8
  %23 = call i32 @pthread_create(ptr noundef nonnull %22, ptr noundef null, ptr noundef nonnull @worker, ptr noundef nonnull inttoptr (i64 1 to ptr)) #11
  %24 = load i64, ptr %3, align 16, !tbaa !15
  %25 = call i32 @pthread_join(i64 noundef %24, ptr noundef null) #11
  %26 = load i64, ptr %22, align 8, !tbaa !15
  %27 = call i32 @pthread_join(i64 noundef %26, ptr noundef null) #11
  %28 = load ptr, ptr @srv, align 8, !tbaa !5
  %29 = getelementptr inbounds i8, ptr %28, i64 16
  %30 = load i64, ptr %29, align 8, !tbaa !15
  %31 = getelementptr inbounds i8, ptr %28, i64 24
  %32 = load i64, ptr %31, align 8, !tbaa !15
  %33 = getelementptr inbounds i8, ptr %28, i64 32
  %34 = load i64, ptr %33, align 8, !tbaa !16
  %35 = load i32, ptr %28, align 8, !tbaa !9
  %36 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %30, i64 noundef %32, i64 noundef %34, i32 noundef %35)
  %37 = load ptr, ptr @srv, align 8, !tbaa !5
  call void @free(ptr noundef %37) #11
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %3) #11
  br label %38

38:                                               ; preds = %2, %20
  %39 = phi i32 [ 0, %20 ], [ 1, %2 ]
  ret i32 %39
}

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

; Function Attrs: nofree nounwind uwtable
define internal noalias noundef ptr @worker(ptr noundef %0) #4 {
  %2 = ptrtoint ptr %0 to i64
  %3 = load i64, ptr @rounds, align 8, !tbaa !15
  %4 = icmp sgt i64 %3, 0
  br i1 %4, label %5, label %8

5:                                                ; preds = %1
  %6 = icmp eq ptr %0, inttoptr (i64 1 to ptr)
  %7 = load ptr, ptr @srv, align 8, !tbaa !5
  br label %9

8:                                                ; preds = %37, %1
  ret ptr null

9:                                                ; preds = %5, %37
  %10 = phi ptr [ %7, %5 ], [ %25, %37 ]
  %11 = phi i64 [ 0, %5 ], [ %38, %37 ]
  %12 = getelementptr inbounds i8, ptr %10, i64 4
  %13 = load i32, ptr %12, align 4, !tbaa !13
  %14 = icmp sgt i32 %13, 1
  br i1 %14, label %15, label %24

15:                                               ; preds = %9
  %16 = getelementptr inbounds i8, ptr %10, i64 8
  %17 = load i64, ptr %16, align 8, !tbaa !14
  %18 = srem i64 %11, %17
  %19 = icmp eq i64 %18, 0
  br i1 %19, label %20, label %24

20:                                               ; preds = %15
  %21 = load i32, ptr %10, align 8, !tbaa !9
  %22 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i32 noundef %21)
  %23 = load ptr, ptr @srv, align 8, !tbaa !5
  br label %24

24:                                               ; preds = %20, %15, %9
  %25 = phi ptr [ %23, %20 ], [ %10, %15 ], [ %10, %9 ]
  %26 = getelementptr inbounds i8, ptr %25, i64 16
  %27 = getelementptr inbounds [2 x i64], ptr %26, i64 0, i64 %2
  %28 = load i64, ptr %27, align 8, !tbaa !15
  %29 = add nsw i64 %28, 1
  store i64 %29, ptr %27, align 8, !tbaa !15
  %30 = urem i64 %11, 7
  %31 = icmp eq i64 %30, 0
  %32 = and i1 %6, %31
  br i1 %32, label %33, label %37

33:                                               ; preds = %24
  %34 = getelementptr inbounds i8, ptr %25, i64 32
  %35 = load i64, ptr %34, align 8, !tbaa !16
  %36 = add nsw i64 %35, 1
  store i64 %36, ptr %34, align 8, !tbaa !16
  br label %37

37:                                               ; preds = %24, %33
  %38 = add nsw i64 %11, 1
  %39 = load i64, ptr @rounds, align 8, !tbaa !15
  %40 = icmp slt i64 %38, %39
  br i1 %40, label %9, label %8, !llvm.loop !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #5

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #7

; Function Attrs: mustprogress nofree nounwind willreturn
declare i64 @strtol(ptr noundef readonly, ptr nocapture noundef, i32 noundef) local_unnamed_addr #8

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #9

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree nounwind willreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #10 = { nounwind allocsize(0) }
attributes #11 = { nounwind }

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
!10 = !{!"server", !11, i64 0, !11, i64 4, !12, i64 8, !7, i64 16, !12, i64 32}
!11 = !{!"int", !7, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = !{!10, !11, i64 4}
!14 = !{!10, !12, i64 8}
!15 = !{!12, !12, i64 0}
!16 = !{!10, !12, i64 32}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
