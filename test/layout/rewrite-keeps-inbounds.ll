; A rewritten access keeps what the optimizer knew of it: the element
; padding rebuilds each address from the new global with the old one's
; inbounds (and no-signed-wrap index arithmetic) where the old arithmetic
; was inbounds from the object's start, and the loads and stores keep their
; alignment and TBAA. So the link's pipeline vectorizes the inner loop over
; a padded element as it does the plain one.
;
;   struct slot { long v[12]; };      // 96 bytes: a 128-byte slot each
;   static struct slot slots[4];      // each thread writes its own: write-hot, padded
;   static long rounds;
;   static void *worker(void *arg) {
;     long t = (long)arg;
;     for (long r = 0; r < rounds; ++r) {
;       for (int i = 0; i < 12; ++i)
;         slots[t].v[i] += r;
;       sched_yield();
;     }
;     return 0;
;   }
;   int main(int argc, char **argv) { ... 4 threads ... return slots[argc & 3].v[argc % 12]; }
;
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>,verify' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; CHECK-LABEL: define internal ptr @worker(
; CHECK: [[SLOT:%[0-9]+]] = getelementptr inbounds [4 x { %struct.slot, [32 x i8] }], ptr @slots, i64 0, i64 %{{.*}}
; CHECK-NEXT: [[ADDR:%[0-9]+]] = getelementptr inbounds i8, ptr [[SLOT]], i64 %{{.*}}
; CHECK-NEXT: load i64, ptr [[ADDR]], align 8, !tbaa
; CHECK: store i64 %{{.*}}, ptr [[ADDR]], align 8, !tbaa
;
; The link's pipeline then: the inner loop in <2 x i64> steps, as in the
; plain build.
; RUN: %opt -load-pass-plugin=%plugin -passes='cacheline-layout<link>,default<O2>,cacheline-place' -S %s -o %t.o2.ll
; RUN: FileCheck %s --check-prefix=O2 --input-file=%t.o2.ll
; O2-LABEL: define internal {{.*}}ptr @worker(
; (LLVM 22's InstCombine drops the array's leading zero index.)
; O2: [[E:%[0-9]+]] = getelementptr inbounds {{(\[4 x )?}}{ %struct.slot, [32 x i8] }{{\]?}}, ptr @slots, {{(i64 0, )?}}i64
; O2: load <2 x i64>, ptr [[E]], align 128, !tbaa
; O2: store <2 x i64> %{{.*}}, ptr [[E]], align 128, !tbaa
; RUN: %opt -passes='default<O2>' -S %s -o %t.plain.ll
; RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t.plain.ll
; PLAIN-LABEL: define internal {{.*}}ptr @worker(
; PLAIN: load <2 x i64>, ptr %{{.*}}, align {{16|8}}, !tbaa

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.slot = type { [12 x i64] }

@rounds = internal global i64 0, align 8
@slots = internal global [4 x %struct.slot] zeroinitializer, align 16


define dso_local i32 @main(i32 noundef %argc, ptr noundef %argv) {
entry:
  %th = alloca [4 x i64], align 16
  %mul = mul nsw i32 %argc, 1000
  %conv = sext i32 %mul to i64
  store i64 %conv, ptr @rounds, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %th)
  br label %for.cond

for.cond:                                         ; preds = %for.body, %entry
  %t.0 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %cmp = icmp ult i64 %t.0, 4
  br i1 %cmp, label %for.body, label %for.cond3

for.body:                                         ; preds = %for.cond
  %arrayidx = getelementptr inbounds [4 x i64], ptr %th, i64 0, i64 %t.0
  %0 = inttoptr i64 %t.0 to ptr
  %call = call i32 @pthread_create(ptr noundef nonnull %arrayidx, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %0)
  %inc = add nuw nsw i64 %t.0, 1
  br label %for.cond

for.cond3:                                        ; preds = %for.cond, %for.body7
  %t2.0 = phi i32 [ %inc11, %for.body7 ], [ 0, %for.cond ]
  %cmp4 = icmp ult i32 %t2.0, 4
  br i1 %cmp4, label %for.body7, label %for.end12

for.body7:                                        ; preds = %for.cond3
  %idxprom = zext i32 %t2.0 to i64
  %arrayidx8 = getelementptr inbounds [4 x i64], ptr %th, i64 0, i64 %idxprom
  %1 = load i64, ptr %arrayidx8, align 8, !tbaa !5
  %call9 = call i32 @pthread_join(i64 noundef %1, ptr noundef null)
  %inc11 = add nuw nsw i32 %t2.0, 1
  br label %for.cond3

for.end12:                                        ; preds = %for.cond3
  %and = and i32 %argc, 3
  %idxprom13 = zext i32 %and to i64
  %arrayidx14 = getelementptr inbounds [4 x %struct.slot], ptr @slots, i64 0, i64 %idxprom13
  %rem = srem i32 %argc, 12
  %idxprom15 = sext i32 %rem to i64
  %arrayidx16 = getelementptr inbounds [12 x i64], ptr %arrayidx14, i64 0, i64 %idxprom15
  %2 = load i64, ptr %arrayidx16, align 8, !tbaa !5
  %conv17 = trunc i64 %2 to i32
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %th)
  ret i32 %conv17
}


declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)


declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef)


define internal ptr @worker(ptr noundef %arg) {
entry:
  %0 = ptrtoint ptr %arg to i64
  br label %for.cond

for.cond:                                         ; preds = %for.end, %entry
  %r.0 = phi i64 [ 0, %entry ], [ %inc7, %for.end ]
  %1 = load i64, ptr @rounds, align 8, !tbaa !5
  %cmp = icmp slt i64 %r.0, %1
  br i1 %cmp, label %for.cond1, label %for.end8

for.cond1:                                        ; preds = %for.cond, %for.body4
  %i.0 = phi i32 [ %inc, %for.body4 ], [ 0, %for.cond ]
  %cmp2 = icmp ult i32 %i.0, 12
  br i1 %cmp2, label %for.body4, label %for.end

for.body4:                                        ; preds = %for.cond1
  %arrayidx = getelementptr inbounds [4 x %struct.slot], ptr @slots, i64 0, i64 %0
  %idxprom = zext i32 %i.0 to i64
  %arrayidx5 = getelementptr inbounds [12 x i64], ptr %arrayidx, i64 0, i64 %idxprom
  %2 = load i64, ptr %arrayidx5, align 8, !tbaa !5
  %add = add nsw i64 %2, %r.0
  store i64 %add, ptr %arrayidx5, align 8, !tbaa !5
  %inc = add nuw nsw i32 %i.0, 1
  br label %for.cond1

for.end:                                          ; preds = %for.cond1
  %call = call i32 @sched_yield()
  %inc7 = add nuw nsw i64 %r.0, 1
  br label %for.cond

for.end8:                                         ; preds = %for.cond
  ret ptr null
}


declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare i32 @pthread_join(i64 noundef, ptr noundef)


declare i32 @sched_yield()



!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
