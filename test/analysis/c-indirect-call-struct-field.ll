; Indirect calls narrowed by the struct field they load the callee from.
; The worker's busy loop calls current->read, a pointer loaded from field
; `read` of struct ops (its struct-path TBAA tag: "ops"+0). Three functions
; of the call's type have their address taken: do_read is put only in
; `read` fields (the initializers of table and spare), do_write only in
; `write` fields, set_other in a plain pointer variable. The call may reach
; do_read and set_other (a pointer of no field may hold anything), not
; do_write: @written, stored by do_write, which only main calls (before the
; thread starts), is read-mostly (before, the signature fallback made
; do_write a target of the worker's call, and @written write-hot). @reads
; stays write-hot. The points-to analysis goes further: current points to
; table or spare, whose read fields hold do_read only, so set_other (in
; hook, called by main before the thread starts) is no target either, and
; @other is read-mostly (the field rule alone kept it write-hot).
;
;   struct ops { void (*read)(long); void (*write)(long); };
;   static long reads, written, other;
;   static void do_read(long v) { reads += v; }
;   static void do_write(long v) { written = v; }
;   static void set_other(long v) { other = v; }
;   static struct ops table = {do_read, do_write}, spare = {do_read, do_write};
;   static struct ops *current;
;   static void (*volatile hook)(long) = set_other;
;   static void *worker(void *arg) { long n = (long)arg, sum = 0;
;     for (long i = 0; i < n; ++i) { current->read(i); sum += written + other; }
;     return (void *)sum; }
;   int main(int argc, char **argv) {
;     current = argc > 5 ? &spare : &table;
;     current->write(argc); hook(argc);
;     ... one worker thread, joined; prints ... }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>,verify' -disable-output %s > %t.txt
; RUN: FileCheck %s --input-file=%t.txt
; The facts name the field of the call and the fields of each address:
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: cat %t.facts/*.facts.json > %t.all.json
; RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.all.json

; CHECK-DAG: global reads: write-hot: written while threads run: store in do_read (called repeatedly while threads run)
; CHECK-DAG: global written: read-mostly: written only at start-up (store in do_write (called only at start-up)); read by load in worker (thread entry) in a loop
; CHECK-DAG: global other: read-mostly: written only at start-up (store in set_other (called only at start-up)); read by load in worker (thread entry) in a loop

; FACTS-DAG: "field":"ops+0","fty":"void (i64)"
; FACTS-DAG: {"fields":["ops+0","_ZTS3ops+0"],"fn":"do_read","owner":"table"
; FACTS-DAG: {"fields":["ops+8","_ZTS3ops+8"],"fn":"do_write","owner":"spare"
; FACTS-DAG: {"fn":"set_other","owner":"hook"

source_filename = "f.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ops = type { ptr, ptr }

@spare = internal global %struct.ops { ptr @do_read, ptr @do_write }, align 8
@table = internal global %struct.ops { ptr @do_read, ptr @do_write }, align 8
@current = internal unnamed_addr global ptr null, align 8
@hook = internal global ptr @set_other, align 8
@.str = private unnamed_addr constant [9 x i8] c"%ld %ld\0A\00", align 1
@reads = internal unnamed_addr global i64 0, align 8
@written = internal unnamed_addr global i64 0, align 8
@other = internal unnamed_addr global i64 0, align 8

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  %r = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %cmp = icmp sgt i32 %argc, 5
  %cond = select i1 %cmp, ptr @spare, ptr @table
  store ptr %cond, ptr @current, align 8, !tbaa !5
  %.val = load ptr, ptr getelementptr inbounds (i8, ptr @spare, i64 8), align 8
  %.val8 = load ptr, ptr getelementptr inbounds (i8, ptr @table, i64 8), align 8
  %0 = select i1 %cmp, ptr %.val, ptr %.val8
  %conv = sext i32 %argc to i64
  tail call void %0(i64 noundef %conv)
  %1 = load volatile ptr, ptr @hook, align 8, !tbaa !5
  tail call void %1(i64 noundef %conv)
  %mul = mul nsw i32 %argc, 100000
  %conv2 = sext i32 %mul to i64
  %2 = inttoptr i64 %conv2 to ptr
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %2)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r)
  %3 = load i64, ptr %t, align 8, !tbaa !9
  %call3 = call i32 @pthread_join(i64 noundef %3, ptr noundef nonnull %r)
  %4 = load ptr, ptr %r, align 8, !tbaa !5
  %5 = ptrtoint ptr %4 to i64
  %6 = load i64, ptr @reads, align 8, !tbaa !9
  %call4 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %5, i64 noundef %6)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal ptr @worker(ptr noundef %arg) {
entry:
  %0 = ptrtoint ptr %arg to i64
  %cmp5 = icmp sgt ptr %arg, null
  br i1 %cmp5, label %for.body, label %for.cond.cleanup

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %1 = inttoptr i64 %add1 to ptr
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %sum.0.lcssa = phi ptr [ null, %entry ], [ %1, %for.cond.cleanup.loopexit ]
  ret ptr %sum.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %i.07 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %sum.06 = phi i64 [ %add1, %for.body ], [ 0, %entry ]
  %2 = load ptr, ptr @current, align 8, !tbaa !5
  %3 = load ptr, ptr %2, align 8, !tbaa !11
  tail call void %3(i64 noundef %i.07)
  %4 = load i64, ptr @written, align 8, !tbaa !9
  %5 = load i64, ptr @other, align 8, !tbaa !9
  %add = add i64 %4, %sum.06
  %add1 = add i64 %add, %5
  %inc = add nuw nsw i64 %i.07, 1
  %exitcond.not = icmp eq i64 %inc, %0
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

define internal void @do_read(i64 noundef %v) {
entry:
  %0 = load i64, ptr @reads, align 8, !tbaa !9
  %add = add nsw i64 %0, %v
  store i64 %add, ptr @reads, align 8, !tbaa !9
  ret void
}

define internal void @do_write(i64 noundef %v) {
entry:
  store i64 %v, ptr @written, align 8, !tbaa !9
  ret void
}

define internal void @set_other(i64 noundef %v) {
entry:
  store i64 %v, ptr @other, align 8, !tbaa !9
  ret void
}

!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !6, i64 0}
!12 = !{!"ops", !6, i64 0, !6, i64 8}
