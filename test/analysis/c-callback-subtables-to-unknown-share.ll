; A command table handed to code we cannot see leads to subcommand tables:
; that code calls one function of them all per call, so CONFIG's handler,
; the procedure of all three of its subcommands, gets 1/20 of the calls
; (the twenty distinct functions of the two tables), not all of them as if
; config_subs were handed over by itself. config_cmd's store to @limit is
; rare: @limit, read on every iteration of the workers, is read-mostly.
; (With each table's share counted on its own, @limit was write-hot.)
;
;   #include <pthread.h>
;   #include <stdio.h>
;   #include <string.h>
;   /* Code the program does not have: a host that runs commands. */
;   extern void serve_commands(const void *table);
;   struct cmd {
;     const char *name;
;     long (*proc)(const char *arg);
;     const struct cmd *subcommands;
;   };
;   static long limit = 100, total;
;   static long config_cmd(const char *arg) {
;     if (!strcmp(arg, "set"))
;       limit = 50;
;     return limit;
;   }
;   static long get1(const char *a) { return total + 1; }
;   static long get2(const char *a) { return total + 2; }
;   static long get3(const char *a) { return total + 3; }
;   static long get4(const char *a) { return total + 4; }
;   static long get5(const char *a) { return total + 5; }
;   static long get6(const char *a) { return total + 6; }
;   static long get7(const char *a) { return total + 7; }
;   static long get8(const char *a) { return total + 8; }
;   static long get9(const char *a) { return total + 9; }
;   static long get10(const char *a) { return total + 10; }
;   static long get11(const char *a) { return total + 11; }
;   static long get12(const char *a) { return total + 12; }
;   static long get13(const char *a) { return total + 13; }
;   static long get14(const char *a) { return total + 14; }
;   static long get15(const char *a) { return total + 15; }
;   static long get16(const char *a) { return total + 16; }
;   static long get17(const char *a) { return total + 17; }
;   static long get18(const char *a) { return total + 18; }
;   static long get19(const char *a) { return total + 19; }
;   /* CONFIG's subcommands: all run config_cmd. */
;   static const struct cmd config_subs[3] = {
;       {"get", config_cmd, 0}, {"set", config_cmd, 0}, {"help", config_cmd, 0}};
;   static const struct cmd commands[20] = {
;       {"config", config_cmd, config_subs}, {"g1", get1, 0}, {"g2", get2, 0},
;       {"g3", get3, 0}, {"g4", get4, 0}, {"g5", get5, 0}, {"g6", get6, 0},
;       {"g7", get7, 0}, {"g8", get8, 0}, {"g9", get9, 0}, {"g10", get10, 0},
;       {"g11", get11, 0}, {"g12", get12, 0}, {"g13", get13, 0},
;       {"g14", get14, 0}, {"g15", get15, 0}, {"g16", get16, 0},
;       {"g17", get17, 0}, {"g18", get18, 0}, {"g19", get19, 0}};
;   static void *worker(void *a) {
;     for (int i = 0; i < 100000; ++i)
;       if (total < __atomic_load_n(&limit, __ATOMIC_RELAXED))
;         total++;
;     return 0;
;   }
;   int main(void) {
;     serve_commands(commands);
;     pthread_t t[2];
;     for (int i = 0; i < 2; i++)
;       pthread_create(&t[i], 0, worker, 0);
;     for (int i = 0; i < 2; i++)
;       pthread_join(t[i], 0);
;     printf("%ld\n", total);
;     return 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"read-mostly","name":"limit",{{.*}}"reason":"written only rarely while threads run (store in config_cmd (callback of unknown code), 0.0{{[0-9]+}} times per iteration of the loop driving it)
; CHECK-DAG: "class":"write-hot","name":"total",
; The merge gives the same classes.
; RUN: rm -rf %t.facts && %opt -load-pass-plugin=%plugin -passes=cacheline-facts -cacheline-facts-dir=%t.facts %s -disable-output
; RUN: %tools/cacheline-facts merge %t.facts -o %t.layout
; RUN: FileCheck %s --check-prefix=MERGE --input-file=%t.layout
; MERGE-DAG: "class":"read-mostly",{{.*}}"name":"limit"
; MERGE-DAG: "class":"write-hot",{{.*}}"name":"total"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.cmd = type { ptr, ptr, ptr }

@commands = internal constant [20 x %struct.cmd] [%struct.cmd { ptr @.str.1, ptr @config_cmd, ptr @config_subs }, %struct.cmd { ptr @.str.2, ptr @get1, ptr null }, %struct.cmd { ptr @.str.3, ptr @get2, ptr null }, %struct.cmd { ptr @.str.4, ptr @get3, ptr null }, %struct.cmd { ptr @.str.5, ptr @get4, ptr null }, %struct.cmd { ptr @.str.6, ptr @get5, ptr null }, %struct.cmd { ptr @.str.7, ptr @get6, ptr null }, %struct.cmd { ptr @.str.8, ptr @get7, ptr null }, %struct.cmd { ptr @.str.9, ptr @get8, ptr null }, %struct.cmd { ptr @.str.10, ptr @get9, ptr null }, %struct.cmd { ptr @.str.11, ptr @get10, ptr null }, %struct.cmd { ptr @.str.12, ptr @get11, ptr null }, %struct.cmd { ptr @.str.13, ptr @get12, ptr null }, %struct.cmd { ptr @.str.14, ptr @get13, ptr null }, %struct.cmd { ptr @.str.15, ptr @get14, ptr null }, %struct.cmd { ptr @.str.16, ptr @get15, ptr null }, %struct.cmd { ptr @.str.17, ptr @get16, ptr null }, %struct.cmd { ptr @.str.18, ptr @get17, ptr null }, %struct.cmd { ptr @.str.19, ptr @get18, ptr null }, %struct.cmd { ptr @.str.20, ptr @get19, ptr null }], align 16
@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@total = internal unnamed_addr global i64 0, align 8
@.str.1 = private unnamed_addr constant [7 x i8] c"config\00", align 1
@config_subs = internal constant [3 x %struct.cmd] [%struct.cmd { ptr @.str.22, ptr @config_cmd, ptr null }, %struct.cmd { ptr @.str.21, ptr @config_cmd, ptr null }, %struct.cmd { ptr @.str.23, ptr @config_cmd, ptr null }], align 16
@.str.2 = private unnamed_addr constant [3 x i8] c"g1\00", align 1
@.str.3 = private unnamed_addr constant [3 x i8] c"g2\00", align 1
@.str.4 = private unnamed_addr constant [3 x i8] c"g3\00", align 1
@.str.5 = private unnamed_addr constant [3 x i8] c"g4\00", align 1
@.str.6 = private unnamed_addr constant [3 x i8] c"g5\00", align 1
@.str.7 = private unnamed_addr constant [3 x i8] c"g6\00", align 1
@.str.8 = private unnamed_addr constant [3 x i8] c"g7\00", align 1
@.str.9 = private unnamed_addr constant [3 x i8] c"g8\00", align 1
@.str.10 = private unnamed_addr constant [3 x i8] c"g9\00", align 1
@.str.11 = private unnamed_addr constant [4 x i8] c"g10\00", align 1
@.str.12 = private unnamed_addr constant [4 x i8] c"g11\00", align 1
@.str.13 = private unnamed_addr constant [4 x i8] c"g12\00", align 1
@.str.14 = private unnamed_addr constant [4 x i8] c"g13\00", align 1
@.str.15 = private unnamed_addr constant [4 x i8] c"g14\00", align 1
@.str.16 = private unnamed_addr constant [4 x i8] c"g15\00", align 1
@.str.17 = private unnamed_addr constant [4 x i8] c"g16\00", align 1
@.str.18 = private unnamed_addr constant [4 x i8] c"g17\00", align 1
@.str.19 = private unnamed_addr constant [4 x i8] c"g18\00", align 1
@.str.20 = private unnamed_addr constant [4 x i8] c"g19\00", align 1
@.str.21 = private unnamed_addr constant [4 x i8] c"set\00", align 1
@limit = internal unnamed_addr global i64 100, align 8
@.str.22 = private unnamed_addr constant [4 x i8] c"get\00", align 1
@.str.23 = private unnamed_addr constant [5 x i8] c"help\00", align 1

define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %t = alloca [2 x i64], align 16
  tail call void @serve_commands(ptr noundef nonnull @commands) #9
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %t) #9
  %call = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #9
  %arrayidx.1 = getelementptr inbounds i8, ptr %t, i64 8
  %call.1 = call i32 @pthread_create(ptr noundef nonnull %arrayidx.1, ptr noundef null, ptr noundef nonnull @worker, ptr noundef null) #9
  %0 = load i64, ptr %t, align 16, !tbaa !5
  %call8 = call i32 @pthread_join(i64 noundef %0, ptr noundef null) #9
  %1 = load i64, ptr %arrayidx.1, align 8, !tbaa !5
  %call8.1 = call i32 @pthread_join(i64 noundef %1, ptr noundef null) #9
  %2 = load i64, ptr @total, align 8, !tbaa !5
  %call12 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %2)
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %t) #9
  ret i32 0
}

declare void @serve_commands(ptr noundef) local_unnamed_addr #1

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

define internal noalias noundef ptr @worker(ptr nocapture readnone %a) #4 {
entry:
  %total.promoted = load i64, ptr @total, align 8, !tbaa !5
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.inc.1
  ret ptr null

for.body:                                         ; preds = %for.inc.1, %entry
  %i.07 = phi i32 [ 0, %entry ], [ %inc2.1, %for.inc.1 ]
  %inc56 = phi i64 [ %total.promoted, %entry ], [ %inc4.1, %for.inc.1 ]
  %0 = load atomic i64, ptr @limit monotonic, align 8
  %cmp1 = icmp slt i64 %inc56, %0
  br i1 %cmp1, label %if.then, label %for.inc

if.then:                                          ; preds = %for.body
  %inc = add nsw i64 %inc56, 1
  store i64 %inc, ptr @total, align 8, !tbaa !5
  br label %for.inc

for.inc:                                          ; preds = %for.body, %if.then
  %inc4 = phi i64 [ %inc56, %for.body ], [ %inc, %if.then ]
  %1 = load atomic i64, ptr @limit monotonic, align 8
  %cmp1.1 = icmp slt i64 %inc4, %1
  br i1 %cmp1.1, label %if.then.1, label %for.inc.1

if.then.1:                                        ; preds = %for.inc
  %inc.1 = add nsw i64 %inc4, 1
  store i64 %inc.1, ptr @total, align 8, !tbaa !5
  br label %for.inc.1

for.inc.1:                                        ; preds = %if.then.1, %for.inc
  %inc4.1 = phi i64 [ %inc4, %for.inc ], [ %inc.1, %if.then.1 ]
  %inc2.1 = add nuw nsw i32 %i.07, 2
  %exitcond.not.1 = icmp eq i32 %inc2.1, 100000
  br i1 %exitcond.not.1, label %for.cond.cleanup, label %for.body, !llvm.loop !9
}

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr #1

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #5

define internal i64 @config_cmd(ptr nocapture noundef readonly %arg) #6 {
entry:
  %call = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %arg, ptr noundef nonnull dereferenceable(4) @.str.21) #10
  %tobool.not = icmp eq i32 %call, 0
  br i1 %tobool.not, label %if.then, label %entry.if.end_crit_edge

entry.if.end_crit_edge:                           ; preds = %entry
  %.pre = load i64, ptr @limit, align 8, !tbaa !5
  br label %if.end

if.then:                                          ; preds = %entry
  store i64 50, ptr @limit, align 8, !tbaa !5
  br label %if.end

if.end:                                           ; preds = %entry.if.end_crit_edge, %if.then
  %0 = phi i64 [ %.pre, %entry.if.end_crit_edge ], [ 50, %if.then ]
  ret i64 %0
}

define internal i64 @get1(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 1
  ret i64 %add
}

define internal i64 @get2(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 2
  ret i64 %add
}

define internal i64 @get3(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 3
  ret i64 %add
}

define internal i64 @get4(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 4
  ret i64 %add
}

define internal i64 @get5(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 5
  ret i64 %add
}

define internal i64 @get6(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 6
  ret i64 %add
}

define internal i64 @get7(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 7
  ret i64 %add
}

define internal i64 @get8(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 8
  ret i64 %add
}

define internal i64 @get9(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 9
  ret i64 %add
}

define internal i64 @get10(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 10
  ret i64 %add
}

define internal i64 @get11(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 11
  ret i64 %add
}

define internal i64 @get12(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 12
  ret i64 %add
}

define internal i64 @get13(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 13
  ret i64 %add
}

define internal i64 @get14(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 14
  ret i64 %add
}

define internal i64 @get15(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 15
  ret i64 %add
}

define internal i64 @get16(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 16
  ret i64 %add
}

define internal i64 @get17(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 17
  ret i64 %add
}

define internal i64 @get18(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 18
  ret i64 %add
}

define internal i64 @get19(ptr nocapture readnone %a) #7 {
entry:
  %0 = load i64, ptr @total, align 8, !tbaa !5
  %add = add nsw i64 %0, 19
  ret i64 %add
}

declare i32 @strcmp(ptr nocapture noundef, ptr nocapture noundef) local_unnamed_addr #8

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree norecurse nounwind memory(readwrite, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree nounwind willreturn memory(readwrite, argmem: read, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nofree nounwind willreturn memory(argmem: read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nounwind }
attributes #10 = { nounwind willreturn memory(read) }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
