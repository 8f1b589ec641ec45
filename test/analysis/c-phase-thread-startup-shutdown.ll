; Program phases: a thread entry's code before its loops runs once per
; thread (thread start-up), and so does what only that code calls:
; mark_ready's store to @slot_ready is no steady-state write, and
; @slot_ready is read-mostly. main's code after its loops (once the threads
; are joined) is shut-down: its store to @stopping, which the workers read
; in their loop, does not make @stopping hot. The atomic counter stays
; write-hot.
;
;   #include <pthread.h>
;   static int slot_ready[2];
;   static long hits;
;   static volatile int stopping;
;   static int limit = 100;
;   static void mark_ready(int i) { slot_ready[i & 1] = 1; }
;   static void *worker(void *a) {
;     int id = (int)(long)a;
;     mark_ready(id);
;     for (int i = 0; i < limit && !stopping; ++i)
;       __atomic_fetch_add(&hits, slot_ready[id & 1], __ATOMIC_RELAXED);
;     return 0;
;   }
;   int main(void) {
;     pthread_t t[2];
;     for (long i = 0; i < 2; ++i) pthread_create(&t[i], 0, worker, (void *)i);
;     for (int i = 0; i < 2; ++i) pthread_join(t[i], 0);
;     stopping = 1;
;     return hits == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"slot_ready",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in mark_ready (called once per thread));{{.*}}"context":"thread start-up"
; CHECK-DAG: "class":"read-mostly","name":"stopping",{{.*}}"reason":"written only at start-up, thread start-up or shut-down (store in main after its loops (shut-down));{{.*}}"context":"shut-down"
; CHECK-DAG: "class":"write-hot","name":"hits",
; CHECK-DAG: "start_up_functions": []

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@stopping = internal global i32 0, align 4
@hits = internal global i64 0, align 8
@slot_ready = internal unnamed_addr global [2 x i32] zeroinitializer, align 4

define dso_local i32 @main() local_unnamed_addr {
entry:
  %t = alloca [2 x i64], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t)
  br label %for.body

for.body:                                         ; preds = %for.body, %entry
  %i.017 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds [2 x i64], ptr %t, i64 0, i64 %i.017
  %0 = inttoptr i64 %i.017 to ptr
  %call = call i32 @pthread_create(ptr noundef nonnull %arrayidx, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %0)
  %inc = add nuw nsw i64 %i.017, 1
  %cmp = icmp eq i64 %i.017, 0
  br i1 %cmp, label %for.body, label %for.body5

for.cond.cleanup4:                                ; preds = %for.body5
  store volatile i32 1, ptr @stopping, align 4
  %1 = load i64, ptr @hits, align 8
  %cmp11 = icmp eq i64 %1, 0
  %conv = zext i1 %cmp11 to i32
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t)
  ret i32 %conv

for.body5:                                        ; preds = %for.body5, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body5 ], [ 0, %for.body ]
  %arrayidx6 = getelementptr inbounds [2 x i64], ptr %t, i64 0, i64 %indvars.iv
  %2 = load i64, ptr %arrayidx6, align 8
  %call7 = call i32 @pthread_join(i64 noundef %2, ptr noundef null)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %cmp3 = icmp eq i64 %indvars.iv, 0
  br i1 %cmp3, label %for.body5, label %for.cond.cleanup4
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #0

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal noalias noundef ptr @worker(ptr noundef %a) {
entry:
  %0 = ptrtoint ptr %a to i64
  %conv = trunc i64 %0 to i32
  tail call fastcc void @mark_ready(i32 noundef %conv)
  %and = and i64 %0, 1
  %arrayidx = getelementptr inbounds [2 x i32], ptr @slot_ready, i64 0, i64 %and
  br label %land.rhs

land.rhs:                                         ; preds = %for.body, %entry
  %i.05 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %1 = load volatile i32, ptr @stopping, align 4
  %tobool.not = icmp eq i32 %1, 0
  br i1 %tobool.not, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %land.rhs
  ret ptr null

for.body:                                         ; preds = %land.rhs
  %2 = load i32, ptr %arrayidx, align 4
  %conv2 = sext i32 %2 to i64
  %3 = atomicrmw add ptr @hits, i64 %conv2 monotonic, align 8
  %inc = add nuw nsw i32 %i.05, 1
  %exitcond.not = icmp eq i32 %inc, 100
  br i1 %exitcond.not, label %for.cond.cleanup, label %land.rhs
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #0

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

define internal fastcc void @mark_ready(i32 noundef %i) unnamed_addr {
entry:
  %and = and i32 %i, 1
  %idxprom = zext i32 %and to i64
  %arrayidx = getelementptr inbounds [2 x i32], ptr @slot_ready, i64 0, i64 %idxprom
  store i32 1, ptr %arrayidx, align 4
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
